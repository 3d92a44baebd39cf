import { Button } from "@client/components/ui/button";
import { formatNumber } from "@client/lib/format-number";

interface ShowMoreProps {
  /** How many opportunities the list shows now, and how many match in all. */
  shown: number;
  total: number;
  /** The list's infinite query: whether a next page exists, and fetching it. */
  feed: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}

/** Below a list of opportunities that grows a page at a time: 'Showing N of M', and 'Show more' while there are more. */
export function ShowMore({ shown, total, feed }: ShowMoreProps) {
  return (
    <div className="flex flex-col items-center gap-3">
      <p aria-live="polite" className="text-sm text-stone-700">
        {`Showing ${formatNumber(shown)} of ${formatNumber(total)} ${total === 1 ? "opportunity" : "opportunities"}`}
      </p>
      {feed.hasNextPage && (
        <Button variant="outline" isPending={feed.isFetchingNextPage} onClick={() => feed.fetchNextPage()}>
          Show more
        </Button>
      )}
    </div>
  );
}
