import { formatNumber } from "@client/lib/format-number";

/** The real size of a list beside its section's title. */
export function CountBadge({ count }: { count: number }) {
  return (
    <span className="rounded-full bg-stone-200 px-2.5 py-0.5 font-semibold text-sm text-stone-800">
      {formatNumber(count)}
      <span className="sr-only"> in all</span>
    </span>
  );
}
