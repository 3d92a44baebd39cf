// The slices of the admin lists that the dashboard shows, each fetched with its own filter rather than as one
// long list (docs/product-rules.md §6). The two queues are paged on the server (ADR 0027); their totals come
// from X-Total-Count.

import { administratorsQuery } from "@client/features/administrators/api";
import type { AdminApplicationsQuery } from "@client/features/applications/api";
import {
  adminApplicationsPageQuery,
  adminApplicationsQuery,
  useAdminApplications,
  useAdminApplicationsPage,
} from "@client/features/applications/api";
import { adminOpportunitiesPageQuery, useAdminOpportunitiesPage } from "@client/features/opportunities/api";
import type { ApplicationStatus } from "@shared/domain/enums";
import type { QueryClient } from "@tanstack/react-query";

/** Items on one page of a queue (Pending Applications, Hours to Review). */
export const QUEUE_PAGE_SIZE = 20;
/** Active opportunities shown on the dashboard; the manager holds them all. */
export const ACTIVE_OPPORTUNITIES_SHOWN = 6;
const RECENTLY_COMPLETED_LIMIT = 5;

export const PENDING: readonly ApplicationStatus[] = ["pending"];
export const HOURS_TO_REVIEW: readonly ApplicationStatus[] = ["hours_submitted"];

/**
 * Where a queue's page should start once its total is known: the same place while it still holds items, else the
 * start of the last page (after the last item of the last page was approved, say).
 */
export function offsetWithin(offset: number, total: number, pageSize: number): number {
  if (offset < total) return offset;
  return total === 0 ? 0 : Math.floor((total - 1) / pageSize) * pageSize;
}

/** The server's order of a queue's "Newest first": the newest application, or the latest submission of hours. */
export type NewestSort = "applied" | "recent";

/**
 * The page a queue opens on (newest first, every opportunity, from the start). The queue itself asks for this
 * page with the same query, so one request serves the queue and its total.
 */
export function firstQueuePage(status: readonly ApplicationStatus[], newestSort: NewestSort) {
  return {
    status: [...status],
    sort: newestSort,
    limit: QUEUE_PAGE_SIZE,
    offset: 0,
  } satisfies AdminApplicationsQuery;
}

const PENDING_FIRST_PAGE = firstQueuePage(PENDING, "applied");
const HOURS_TO_REVIEW_FIRST_PAGE = firstQueuePage(HOURS_TO_REVIEW, "recent");

/**
 * The whole queue's size, for the stat cards and the sections' badges, whatever a queue is filtered by: the total
 * of its first page, which the dashboard keeps fresh while the queue shows another page or opportunity.
 */
function useQueueTotal(firstPage: AdminApplicationsQuery, enabled: boolean) {
  const page = useAdminApplicationsPage(firstPage, { enabled });
  return { ...page, total: page.data?.total };
}

const RECENTLY_COMPLETED = {
  status: ["hours_approved", "completed"],
  sort: "recent",
  limit: RECENTLY_COMPLETED_LIMIT,
} satisfies AdminApplicationsQuery;
const ACTIVE_OPPORTUNITIES = { status: "open", limit: ACTIVE_OPPORTUNITIES_SHOWN } as const;

export function useAdminDashboardData(isAdmin: boolean) {
  const options = { enabled: isAdmin };
  return {
    pendingTotal: useQueueTotal(PENDING_FIRST_PAGE, isAdmin),
    hoursTotal: useQueueTotal(HOURS_TO_REVIEW_FIRST_PAGE, isAdmin),
    recentlyCompleted: useAdminApplications(RECENTLY_COMPLETED, options),
    activeOpportunities: useAdminOpportunitiesPage(ACTIVE_OPPORTUNITIES, options),
  };
}

/**
 * Starts every request of the dashboard's first view (the queues' first pages, recently completed work, the
 * active opportunities, the administrators), with the queries its parts ask for, so they find them under way.
 * Run before the first render when the app opens on the dashboard (lazy-screen.tsx, `prefetch`): the requests
 * leave as soon as the admin is known instead of after the first commit, and starting them is not part of the
 * task that mounts the screen's effects, the longest of a phone's first visit (ADR 0046, second addendum).
 */
export function prefetchAdminDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(adminApplicationsPageQuery(PENDING_FIRST_PAGE));
  void queryClient.prefetchQuery(adminApplicationsPageQuery(HOURS_TO_REVIEW_FIRST_PAGE));
  void queryClient.prefetchQuery(adminApplicationsQuery(RECENTLY_COMPLETED));
  void queryClient.prefetchQuery(adminOpportunitiesPageQuery(ACTIVE_OPPORTUNITIES));
  void queryClient.prefetchQuery(administratorsQuery);
}
