import { cn } from "@client/lib/cn";
import { Progress } from "radix-ui";

interface ProgressBarProps {
  value: number;
  max: number;
  /** The accessible name: what is progressing. */
  label: string;
  /** Read out instead of the bare percentage, e.g. "30 of 50 coins". */
  valueText?: string;
  className?: string;
  barClassName?: string;
}

/** A horizontal progress bar; values beyond `max` show as full. */
export function ProgressBar({ value, max, label, valueText, className, barClassName }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  return (
    <Progress.Root
      value={clamped}
      max={safeMax}
      aria-label={label}
      getValueLabel={valueText ? () => valueText : undefined}
      className={cn("relative h-2.5 w-full overflow-hidden rounded-full bg-stone-200", className)}
    >
      <Progress.Indicator
        className={cn("h-full rounded-full bg-saffron-600 transition-[width]", barClassName)}
        style={{ width: `${(clamped / safeMax) * 100}%` }}
      />
    </Progress.Root>
  );
}
