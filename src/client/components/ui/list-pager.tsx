import { formatNumber } from "@client/lib/format-number";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

interface ListPagerProps {
  /** Index of the first item shown. */
  offset: number;
  pageSize: number;
  /** Items on this page. */
  shown: number;
  /** Items in the whole list (the server's X-Total-Count). */
  total: number;
  /** What the list holds, plural and singular: ["pending applications", "pending application"]. */
  what: readonly [plural: string, singular: string];
  onOffsetChange: (offset: number) => void;
}

/**
 * "21–40 of 6,892 pending applications" with Previous and Next, for a list the server pages. Says the count even
 * when everything fits on one page, so a list never stops silently.
 */
export function ListPager({ offset, pageSize, shown, total, what, onOffsetChange }: ListPagerProps) {
  const first = total === 0 ? 0 : offset + 1;
  const last = offset + shown;
  const hasPrevious = offset > 0;
  const hasNext = last < total;
  const [plural, singular] = what;
  const noun = total === 1 ? singular : plural;
  const range =
    total === 0
      ? `0 ${plural}`
      : `${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${noun}`;

  return (
    <nav
      aria-label={`Pages of ${plural}`}
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
    >
      <p className="text-stone-700" aria-live="polite">
        {range}
      </p>
      {(hasPrevious || hasNext) && (
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!hasPrevious}
            onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
          >
            <ChevronLeft aria-hidden className="size-4" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!hasNext}
            onClick={() => onOffsetChange(offset + pageSize)}
          >
            Next
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}
