import { Button } from "@client/components/ui/button";
import { Input, WHOLE_NUMBER_INPUT } from "@client/components/ui/field";
import { cn } from "@client/lib/cn";
import { DURATION_LABELS, TYPE_LABELS } from "@client/lib/opportunity-labels";
import { DURATIONS, OPPORTUNITY_TYPES, SKILLS } from "@shared/domain/enums";
import { Check } from "lucide-react";
import { Switch } from "radix-ui";
import { type ReactNode, useId } from "react";
import type { OpportunityFilters } from "./opportunity-filters";

interface FilterPanelProps {
  filters: OpportunityFilters;
  update: (patch: Partial<OpportunityFilters>) => void;
  location: string;
  onLocationChange: (value: string) => void;
  minCoins: string;
  onMinCoinsChange: (value: string) => void;
  onClear: () => void;
  activeCount: number;
}

/** Every filter of the /opportunities screen; beside the list on wide screens, in a dialog on phones. */
export function FilterPanel(props: FilterPanelProps) {
  const { filters, update } = props;
  const locationId = useId();
  const coinsId = useId();
  const dateId = useId();
  const roomId = useId();
  const toggle = <T extends string>(list: readonly T[], value: T, order: readonly T[]) =>
    order.filter((item) => (item === value ? !list.includes(value) : list.includes(item)));

  return (
    <div className="grid gap-5">
      <Group legend="Type">
        {OPPORTUNITY_TYPES.map((type) => (
          <CheckRow
            key={type}
            label={TYPE_LABELS[type]}
            checked={filters.type.includes(type)}
            onChange={() => update({ type: toggle(filters.type, type, OPPORTUNITY_TYPES) })}
          />
        ))}
      </Group>
      <Group legend="Skills" chips>
        {SKILLS.map((skill) => {
          const isSelected = filters.skills.includes(skill);
          return (
            <button
              key={skill}
              type="button"
              aria-pressed={isSelected}
              onClick={() => update({ skills: toggle(filters.skills, skill, SKILLS) })}
              className={cn(
                "inline-flex h-9 items-center gap-1 rounded-full border px-3 font-medium text-sm transition-colors",
                isSelected
                  ? "border-indigo-700 bg-indigo-700 text-white hover:bg-indigo-800"
                  : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50",
              )}
            >
              {isSelected && <Check aria-hidden className="size-4" />}
              {skill}
            </button>
          );
        })}
      </Group>
      <Group legend="Duration">
        {DURATIONS.map((duration) => (
          <CheckRow
            key={duration}
            label={DURATION_LABELS[duration]}
            checked={filters.duration.includes(duration)}
            onChange={() => update({ duration: toggle(filters.duration, duration, DURATIONS) })}
          />
        ))}
      </Group>
      <div className="grid gap-1.5">
        <label htmlFor={locationId} className="font-medium text-sm text-stone-800">
          Location
        </label>
        <Input
          id={locationId}
          placeholder="e.g. Koramangala"
          value={props.location}
          maxLength={200}
          onChange={(event) => props.onLocationChange(event.target.value)}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={roomId} className="font-medium text-sm text-stone-800">
          Only with places left
        </label>
        <Switch.Root
          id={roomId}
          checked={filters.hasRoom}
          onCheckedChange={(checked) => update({ hasRoom: checked })}
          className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-500 transition-colors data-[state=checked]:bg-saffron-700"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
        </Switch.Root>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={coinsId} className="font-medium text-sm text-stone-800">
          Minimum coins per hour
        </label>
        <Input
          id={coinsId}
          {...WHOLE_NUMBER_INPUT}
          max={1000}
          placeholder="Any"
          value={props.minCoins}
          onChange={(event) => props.onMinCoinsChange(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={dateId} className="font-medium text-sm text-stone-800">
          Starting from
        </label>
        <Input
          id={dateId}
          type="date"
          value={filters.startsFrom}
          onChange={(event) => update({ startsFrom: event.target.value })}
        />
      </div>
      <Button variant="outline" onClick={props.onClear} disabled={props.activeCount === 0}>
        Clear Filters
      </Button>
    </div>
  );
}

function Group({
  legend,
  chips = false,
  children,
}: {
  legend: string;
  chips?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 font-medium text-sm text-stone-800">{legend}</legend>
      <div className={chips ? "flex flex-wrap gap-2" : "grid grid-cols-2 gap-x-3 gap-y-1 lg:grid-cols-1"}>
        {children}
      </div>
    </fieldset>
  );
}

function CheckRow({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2.5 text-sm text-stone-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="size-4 rounded border-stone-500 accent-indigo-700"
      />
      {label}
    </label>
  );
}
