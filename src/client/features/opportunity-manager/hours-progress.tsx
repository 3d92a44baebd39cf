import { ProgressBar } from "@client/components/ui/progress-bar";
import { cn } from "@client/lib/cn";
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
  className?: string;
}

/**
 * The manager's cumulative bar: approved hours of all students out of the hours the work needs, small enough for
 * a table cell or a phone's row.
 */
export function HoursProgress({ title, completedHours, totalRequiredHours, className }: HoursProgressProps) {
  const { percent, isReached } = hoursProgressOf(completedHours, totalRequiredHours);
  const summary = `${hoursText(completedHours)} of ${totalRequiredHours} hours`;
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-2 text-stone-700 text-xs">
        <span>{`${hoursText(completedHours)}/${totalRequiredHours} h`}</span>
        <span className="font-semibold text-stone-900">{`${percent.toFixed(1)}%`}</span>
      </div>
      <ProgressBar
        value={percent}
        max={100}
        label={`Hours completed on ${title}`}
        valueText={`${percent.toFixed(1)}%, ${summary}`}
        className="h-1.5"
        barClassName={isReached ? "bg-emerald-600" : undefined}
      />
      {isReached && (
        <span className="inline-flex items-center gap-1 font-semibold text-emerald-800 text-xs">
          <Target aria-hidden className="size-3.5" />
          Target Reached
        </span>
      )}
    </div>
  );
}
