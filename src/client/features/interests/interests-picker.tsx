import { cn } from "@client/lib/cn";
import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import type { InterestsBody } from "@shared/contract/auth";
import { OPPORTUNITY_TYPES, SKILLS } from "@shared/domain/enums";
import { Check } from "lucide-react";

/**
 * Skills and causes as toggle buttons (aria-pressed) in two fieldsets named by their legends. Controlled: the caller keeps the
 * choice and saves it. Chips wrap, so it fits a 390 px phone.
 */
export function InterestsPicker({
  value,
  onChange,
  disabled,
}: {
  value: InterestsBody;
  onChange: (value: InterestsBody) => void;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-5">
      <ChipGroup
        title="Skills you would like to use"
        options={SKILLS.map((skill) => ({ value: skill, label: skill }))}
        chosen={value.skills}
        disabled={disabled}
        onToggle={(skill) => onChange({ ...value, skills: toggled(value.skills, skill, SKILLS) })}
      />
      <ChipGroup
        title="Causes you care about"
        options={OPPORTUNITY_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
        chosen={value.types}
        disabled={disabled}
        onToggle={(type) => onChange({ ...value, types: toggled(value.types, type, OPPORTUNITY_TYPES) })}
      />
    </div>
  );
}

/** The list with the value added or removed, kept in the vocabulary's order. */
function toggled<T extends string>(list: readonly T[], item: T, order: readonly T[]): T[] {
  const next = list.includes(item) ? list.filter((value) => value !== item) : [...list, item];
  return order.filter((value) => next.includes(value));
}

function ChipGroup<T extends string>({
  title,
  options,
  chosen,
  disabled,
  onToggle,
}: {
  title: string;
  options: { value: T; label: string }[];
  chosen: readonly T[];
  disabled?: boolean;
  onToggle: (value: T) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-medium text-stone-900">{title}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const isChosen = chosen.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isChosen}
              disabled={disabled}
              onClick={() => onToggle(option.value)}
              className={cn(
                "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3.5 py-1.5 font-medium text-sm transition-colors disabled:cursor-wait",
                isChosen
                  ? "border-indigo-700 bg-indigo-700 text-white hover:bg-indigo-800"
                  : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50",
              )}
            >
              {isChosen && <Check aria-hidden className="size-4" />}
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
