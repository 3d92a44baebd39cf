import { ProgressBar } from "@client/components/ui/progress-bar";
import { Target } from "lucide-react";

/** Share of the required hours served, capped at 100, and whether the target is met. */
export function hoursProgressOf(completedHours: number, totalRequiredHours: number) {
  const ratio = totalRequiredHours > 0 ? completedHours / totalRequiredHours : 0;
  return { percent: Math.min(100, ratio * 100), isReached: ratio >= 1 };
}

const hoursText = (hours: number) => String(Math.round(hours * 10) / 10);

interface HoursProgressProps {
  title: string;
  completedHours: number;
  totalRequiredHours: number;
}

/** The manager card's cumulative bar: approved hours of all students out of the hours the work needs. */
export function HoursProgress({ title, completedHours, totalRequiredHours }: HoursProgressProps) {
  const { percent, isReached } = hoursProgressOf(completedHours, totalRequiredHours);
  const summary = `${hoursText(completedHours)} of ${totalRequiredHours} hours`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <p className="font-medium text-stone-800">
          Hours completed <span className="font-normal text-stone-600">{`· ${summary}`}</span>
        </p>
        <p className="flex items-center gap-2">
          {isReached && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900 text-xs">
              <Target aria-hidden className="size-3.5" />
              Target Reached
            </span>
          )}
          <span className="font-semibold text-stone-900">{`${percent.toFixed(1)}%`}</span>
        </p>
      </div>
      <ProgressBar
        value={percent}
        max={100}
        label={`Hours completed on ${title}`}
        valueText={`${percent.toFixed(1)}%, ${summary}`}
        barClassName={isReached ? "bg-emerald-600" : undefined}
      />
    </div>
  );
}
