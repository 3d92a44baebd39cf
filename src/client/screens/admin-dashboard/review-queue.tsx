import { NativeSelect } from "@client/components/ui/field";
import { ListPager } from "@client/components/ui/list-pager";
import { LoadError } from "@client/components/ui/load-error";
import type { ComboboxOption } from "@client/components/ui/search-combobox";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminApplicationsPage } from "@client/features/applications/api";
import { cn } from "@client/lib/cn";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { AdminApplication } from "@shared/contract/applications";
import type { ApplicationStatus } from "@shared/domain/enums";
import { memo, type ReactNode, useDeferredValue, useEffect, useId, useMemo, useState } from "react";
import { type NewestSort, offsetWithin, QUEUE_PAGE_SIZE } from "./admin-lists";
import { CountBadge } from "./count-badge";
import { OpportunityFilter } from "./opportunity-filter";
import { useRowsInSteps } from "./use-rows-in-steps";

type QueueOrder = "newest" | "oldest";

const NO_ITEMS: readonly AdminApplication[] = [];

interface ReviewQueueProps {
  title: string;
  description: string;
  status: readonly ApplicationStatus[];
  /** The server's order for "Newest first": the newest application, or the latest submission of hours. */
  newestSort: NewestSort;
  /** What the queue holds, plural: "pending applications". */
  what: string;
  /** One of them: "pending application". */
  whatOne: string;
  /** The whole queue's size, whatever this view of it is filtered by. */
  total: number | undefined;
  /** Draws the rows; a function defined once (not inline), so the queue is not drawn again with the page. */
  children: (applications: readonly AdminApplication[]) => ReactNode;
}

/**
 * About as tall as the first items it stands for, so what follows the queue is not first drawn high on the page
 * and then pushed down when they arrive (layout shift).
 */
function ListSkeleton() {
  return (
    <div className="grid gap-2">
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} className="h-28" />
      ))}
    </div>
  );
}

/**
 * One of the dashboard's work queues, a page of 20 at a time from the server (ADR 0027): newest or oldest first,
 * all opportunities or one, with "1–20 of N" and Previous and Next below it. The first page's rows are drawn a few
 * at a time (useRowsInSteps, ADR 0046); the queue is drawn again only when its own props or data change.
 */
export const ReviewQueue = memo(function ReviewQueue({
  title,
  description,
  status,
  newestSort,
  what,
  whatOne,
  total,
  children,
}: ReviewQueueProps) {
  const orderId = useId();
  const [order, setOrder] = useState<QueueOrder>("newest");
  const [opportunity, setOpportunity] = useState<ComboboxOption | null>(null);
  const [offset, setOffset] = useState(0);
  const livePage = useAdminApplicationsPage({
    status: [...status],
    sort: order === "oldest" ? "oldest" : newestSort,
    opportunityId: opportunity?.id,
    limit: QUEUE_PAGE_SIZE,
    offset,
  });
  useSendToLoginWhenUnauthorized(livePage.error);
  // The page's arrival is drawn as a background render that React slices, not in the long task that the query's
  // answer would otherwise start (ADR 0046, addendum); the previous view stays meanwhile.
  const page = useDeferredValue(livePage);

  // The last item of a later page was decided: step back to the last page that still holds items.
  const settledTotal = livePage.isPlaceholderData ? undefined : livePage.data?.total;
  useEffect(() => {
    if (settledTotal !== undefined)
      setOffset((current) => offsetWithin(current, settledTotal, QUEUE_PAGE_SIZE));
  }, [settledTotal]);

  const items = page.data?.items ?? NO_ITEMS;
  const drawn = useRowsInSteps(items.length);
  const drawnItems = useMemo(() => items.slice(0, drawn), [items, drawn]);
  const matching = page.data?.total ?? 0;
  let list: ReactNode = null;
  if (items.length > 0) list = children(drawnItems);
  else if (matching === 0 && opportunity) {
    list = (
      <p className="rounded-lg bg-stone-100 p-4 text-sm text-stone-700">{`No ${what} for ${opportunity.label}.`}</p>
    );
  } else if (matching === 0) list = children(items);

  return (
    <Section
      title={title}
      description={description}
      action={total !== undefined && <CountBadge count={total} />}
    >
      <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[auto_minmax(0,1fr)]">
        <div className="grid gap-1.5">
          <label htmlFor={orderId} className="font-medium text-sm text-stone-800">
            Order
          </label>
          <NativeSelect
            id={orderId}
            value={order}
            onChange={(event) => {
              setOrder(event.target.value as QueueOrder);
              setOffset(0);
            }}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </NativeSelect>
        </div>
        <OpportunityFilter
          value={opportunity}
          onChange={(option) => {
            setOpportunity(option);
            setOffset(0);
          }}
        />
      </div>
      {page.isPending ? (
        <ListSkeleton />
      ) : page.isError ? (
        <LoadError what={what} error={page.error} onRetry={() => page.refetch()} />
      ) : (
        <div
          className={cn("grid gap-3 transition-opacity", page.isPlaceholderData && "opacity-60")}
          aria-busy={page.isPlaceholderData || drawn < items.length}
        >
          {list}
          <ListPager
            offset={page.data.offset}
            pageSize={QUEUE_PAGE_SIZE}
            shown={items.length}
            total={matching}
            what={[what, whatOne]}
            onOffsetChange={setOffset}
          />
        </div>
      )}
    </Section>
  );
});
