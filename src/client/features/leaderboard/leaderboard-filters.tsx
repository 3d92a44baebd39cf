import { type ComboboxOption, SearchCombobox } from "@client/components/ui/search-combobox";
import { STATUS_LABELS } from "@client/lib/opportunity-labels";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import type { Timeframe } from "@shared/contract/leaderboard";
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { useLeaderboardActivities } from "./api";

/** An opportunity the leaderboard is filtered by: its id, and its title for the picker and the caption. */
export interface Activity {
  id: number;
  title: string;
}

export const ALL_ACTIVITIES = "All Activities";

export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  all: "All Time",
  semester: "This Semester",
  month: "This Month",
};

interface LeaderboardFiltersProps {
  timeframe: Timeframe;
  onTimeframeChange: (timeframe: Timeframe) => void;
  activity: Activity | null;
  onActivityChange: (activity: Activity | null) => void;
  anonymizeAll: boolean;
  onAnonymizeAllChange: (anonymizeAll: boolean) => void;
}

export function LeaderboardFilters({
  timeframe,
  onTimeframeChange,
  activity,
  onActivityChange,
  anonymizeAll,
  onAnonymizeAllChange,
}: LeaderboardFiltersProps) {
  const radioName = useId();
  const switchId = useId();
  const switchHintId = useId();

  return (
    <div className="grid gap-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:items-end">
      <fieldset className="grid gap-1.5">
        <legend className="mb-1.5 font-medium text-sm text-stone-800">Timeframe</legend>
        <div className="grid grid-cols-3 gap-0.5 rounded-lg border border-stone-300 bg-stone-50 p-1 sm:flex sm:w-fit">
          {(Object.keys(TIMEFRAME_LABELS) as Timeframe[]).map((value) => (
            <label
              key={value}
              className="relative flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center leading-tight sm:whitespace-nowrap sm:px-2.5 font-medium text-sm text-stone-700 outline-indigo-600 outline-offset-2 hover:bg-white hover:text-stone-900 has-checked:bg-indigo-700 has-checked:text-white has-focus-visible:outline-2"
            >
              <input
                type="radio"
                name={radioName}
                value={value}
                checked={timeframe === value}
                onChange={() => onTimeframeChange(value)}
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md"
              />
              {TIMEFRAME_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>

      <ActivityPicker activity={activity} onActivityChange={onActivityChange} />

      <div className="flex items-center justify-between gap-3 lg:justify-start">
        <div className="grid gap-0.5">
          <label htmlFor={switchId} className="font-medium text-sm text-stone-800">
            Anonymize All
          </label>
          <p id={switchHintId} className="text-stone-600 text-xs">
            Hides every name on your screen only
          </p>
        </div>
        <Switch.Root
          id={switchId}
          aria-describedby={switchHintId}
          checked={anonymizeAll}
          onCheckedChange={onAnonymizeAllChange}
          className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-stone-500 transition-colors data-[state=checked]:bg-saffron-700"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
        </Switch.Root>
      </div>
    </div>
  );
}

/**
 * The activity filter: every opportunity the viewer may name (closed ones and their own private ones included)
 * is searched on the server as they type, since a school has too many for a select.
 */
function ActivityPicker({
  activity,
  onActivityChange,
}: {
  activity: Activity | null;
  onActivityChange: (activity: Activity | null) => void;
}) {
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim());
  const found = useLeaderboardActivities(search);
  const options: ComboboxOption[] = (found.data?.items ?? []).map((option) => ({
    id: option.id,
    label: option.title,
    detail: STATUS_LABELS[option.status],
  }));

  return (
    <SearchCombobox
      label="Activity"
      className="lg:max-w-sm"
      value={activity ? { id: activity.id, label: activity.title } : null}
      onChange={(option) => onActivityChange(option ? { id: option.id, title: option.label } : null)}
      onSearchChange={setText}
      options={options}
      total={found.data?.total}
      isLoading={text.trim() !== search || found.isFetching}
      noneLabel={ALL_ACTIVITIES}
    />
  );
}
