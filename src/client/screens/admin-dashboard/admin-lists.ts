// The slices of the admin applications list that the dashboard shows, each fetched with its own filter rather
// than as one long list (docs/product-rules.md §6).
import { useAdminApplications } from "@client/features/applications/api";
import { useAdminOpportunities } from "@client/features/opportunities/api";

/** The dashboard shows at most this many of each list; a count that reaches it reads "100+". */
const DASHBOARD_LIST_LIMIT = 100;
const RECENTLY_COMPLETED_LIMIT = 5;

export function countText(count: number): string {
  return count >= DASHBOARD_LIST_LIMIT ? `${DASHBOARD_LIST_LIMIT}+` : String(count);
}

export function useAdminDashboardData(isAdmin: boolean) {
  const options = { enabled: isAdmin };
  return {
    pending: useAdminApplications({ status: ["pending"], limit: DASHBOARD_LIST_LIMIT }, options),
    hoursToReview: useAdminApplications(
      { status: ["hours_submitted"], limit: DASHBOARD_LIST_LIMIT },
      options,
    ),
    recentlyCompleted: useAdminApplications(
      { status: ["hours_approved", "completed"], sort: "recent", limit: RECENTLY_COMPLETED_LIMIT },
      options,
    ),
    activeOpportunities: useAdminOpportunities({ status: "open", limit: DASHBOARD_LIST_LIMIT }, options),
  };
}
