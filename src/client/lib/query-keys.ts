// Query keys of every server list in one place, and the refresh that follows admin mutations: the admin
// applications and admin opportunities lists are refetched (docs/product-spec.md §7; the spec's opportunity
// progress list is shown by no screen, so nothing holds it to refetch).
import type { QueryClient } from "@tanstack/react-query";

export const queryKeys = {
  opportunities: ["opportunities"] as const,
  opportunityList: (query: object) => ["opportunities", "list", query] as const,
  /** The dashboard's 'Discover', page by page. */
  discoverOpportunities: (query: object) => ["opportunities", "discover", query] as const,
  /** The /opportunities screen's search, page by page. */
  opportunitySearch: (query: object) => ["opportunities", "search", query] as const,
  /** With the share link's key when the page was opened by one; invalidating by id alone covers both. */
  opportunity: (id: number, shareKey?: string) =>
    shareKey
      ? (["opportunities", "detail", id, shareKey] as const)
      : (["opportunities", "detail", id] as const),
  adminApplications: (query: object) => ["admin", "applications", query] as const,
  /** One page of a list with its total (X-Total-Count), kept apart from the whole-list answers above. */
  adminApplicationsPage: (query: object) => ["admin", "applications", "page", query] as const,
  adminOpportunitiesPage: (query: object) => ["admin", "opportunities", "page", query] as const,
  administrators: ["admin", "administrators"] as const,
  applications: ["applications"] as const,
  userApplications: (userId: number) => ["applications", "user", userId] as const,
  opportunityApplications: (opportunityId: number) => ["applications", "opportunity", opportunityId] as const,
  hourSubmissions: (applicationId: number) => ["applications", "hours", applicationId] as const,
  /** Under ["applications"], so every change to applications refetches it. */
  applicationTimeline: (applicationId: number) => ["applications", "timeline", applicationId] as const,
  /** The student's own places on waiting lists. */
  ownWaitlist: ["waitlist", "mine"] as const,
  /** Under ["admin"], so the admin refreshes reach it. */
  adminWaitlist: (opportunityId: number) => ["admin", "waitlist", opportunityId] as const,
  badges: ["badges"] as const,
  userBadges: (userId: number) => ["badges", "user", userId] as const,
  currentUser: ["auth", "user"] as const,
  signInOptions: ["auth", "options"] as const,
  /** Whether an e-mailed reset link still works; the token stays in memory, never in the address. */
  resetLink: (token: string) => ["auth", "reset-link", token] as const,
  /** What a supervisor's verification link asks; the token stays in memory, never in the address. */
  supervisionLink: (token: string) => ["supervision", token] as const,
  mailPreferences: ["mail", "preferences"] as const,
  calendarFeed: ["calendar", "feed"] as const,
  /** The student's certificates, and what one code's public page shows. */
  certificates: ["certificates"] as const,
  ownCertificates: ["certificates", "mine"] as const,
  certificateVerification: (code: string) => ["certificates", "verify", code] as const,
  /** Under ["admin"], so the admin dashboard's Refresh All refetches it too. */
  adminMailLog: (query: object) => ["admin", "mail", query] as const,
  adminMailMessage: (id: number) => ["admin", "mail", "message", id] as const,
  /** Everything about the signed-in person's notifications: the live stream refreshes under this prefix. */
  notifications: ["notifications"] as const,
  unreadNotifications: ["notifications", "unread"] as const,
  notificationLists: ["notifications", "list"] as const,
  notificationList: (query: object) => ["notifications", "list", query] as const,
  /** What a student earned since the last celebration (read once per page load). */
  celebration: ["celebration"] as const,
};

/** What an admin's change can move: every admin list, the applications and the opportunities. */
const MOVED_BY_ADMIN_MUTATIONS = [["admin"], queryKeys.applications, queryKeys.opportunities] as const;

/**
 * Refetches what an admin's change moved. A list whose first answer is still on its way (a search typed just
 * before closing an opportunity) would otherwise keep that answer, read before the change: React Query joins an
 * invalidation to a fetch in flight when the query has no data yet. Cancelling those fetches first makes the
 * invalidation ask again.
 */
export async function refreshAfterAdminMutation(queryClient: QueryClient): Promise<unknown> {
  await Promise.all(MOVED_BY_ADMIN_MUTATIONS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  return Promise.all(MOVED_BY_ADMIN_MUTATIONS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After a decision on an application or its hours: the admin lists, and the badges it may have awarded. */
export function refreshAfterDecision(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    refreshAfterAdminMutation(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
  ]);
}
