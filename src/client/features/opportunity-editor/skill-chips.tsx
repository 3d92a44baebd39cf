import { FieldErrors } from "@client/components/ui/field";
import { cn } from "@client/lib/cn";
import { SKILLS, type Skill } from "@shared/domain/enums";
import { Check, Plus } from "lucide-react";
import { useId } from "react";

interface SkillChipsProps {
  selected: readonly Skill[];
  onChange: (skills: Skill[]) => void;
  errors?: readonly string[] | undefined;
}

/** The skills an opportunity asks for, as toggle buttons, kept in the catalogue's order. */
export function SkillChips({ selected, onChange, errors }: SkillChipsProps) {
  const hintId = useId();
  const errorId = useId();
  const hasErrors = Boolean(errors?.length);

  function toggle(skill: Skill) {
    const next = selected.includes(skill) ? selected.filter((s) => s !== skill) : [...selected, skill];
    onChange(SKILLS.filter((s) => next.includes(s)));
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={hasErrors ? `${hintId} ${errorId}` : hintId}>
      <legend className="mb-1.5 font-medium text-sm text-stone-800">Required skills</legend>
      <div className="flex flex-wrap gap-2">
        {SKILLS.map((skill) => {
          const isSelected = selected.includes(skill);
          const Icon = isSelected ? Check : Plus;
          return (
            <button
              key={skill}
              type="button"
              aria-pressed={isSelected}
              onClick={() => toggle(skill)}
              className={cn(
                "inline-flex h-9 items-center gap-1.5 rounded-full border px-3 font-medium text-sm transition-colors",
                isSelected
                  ? "border-indigo-700 bg-indigo-700 text-white hover:bg-indigo-800"
                  : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {skill}
            </button>
          );
        })}
      </div>
      <p id={hintId} className="text-stone-600 text-xs">
        Optional. Choose every skill that helps; students can filter by them.
      </p>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  );
}
