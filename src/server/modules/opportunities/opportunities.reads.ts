// The opportunity reads the server caches, each with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { topics } from "@server/db/change-tracker";
import {
  getOpportunityWithShareToken,
  listApplicantCounts,
  listOpenOpportunities,
  listOpportunitiesForAdmin,
  listOpportunityProgress,
  type OpenOpportunitiesQuery,
  type ShownApplicantCounts,
} from "./opportunities.service";
import { isVisibleWithoutLink } from "./opportunity-visibility";

/** An opportunity as shown depends on itself, its application count and its creator's name. */
const AS_SHOWN = ["opportunities", topics.applicationCount, "users"] as const;

/**
 * The students' list, polled every 10 s by every home page: its applicant counts may lag behind by up to
 * APPLICANT_COUNT_LAG_MS (ADR 0043), so an apply anywhere does not change every poller's body at once; the
 * opportunity's own page shows the live count. While answers are kept, the counts come from
 * `shownApplicantCounts`, so a list read again for another reason within the window shows the same counts and
 * keeps its ETag (ADR 0076). With `notAppliedBy` (the dashboard's 'Discover'), also by that student's
 * applications. 'Recommended' ranks by the viewer's `interests`, given with the query. 'Has room' reads
 * every application's status (a rejection or withdrawal frees a place) and the live offers of waiting lists, which
 * hold places.
 */
export const openOpportunities = cachedRead({
  topics: (query: OpenOpportunitiesQuery & { shownCounts?: ShownApplicantCounts }) => [
    "opportunities",
    topics.applicationCountLagged,
    "users",
    ...(query.notAppliedBy === undefined ? [] : [topics.applicationsOf(query.notAppliedBy)]),
    ...(query.hasRoom ? [topics.applicationRows, "waitlist_entries" as const] : []),
  ],
  load: (db, { shownCounts, ...query }) => listOpenOpportunities(db, query, shownCounts),
});

/**
 * Every opportunity's applicant count as of the lagged count's last move: one snapshot the feeds of every student
 * share until the window ends (ADR 0076). Read only while answers are kept; uncached, the feed counts live.
 */
export const shownApplicantCounts = cachedRead({
  topics: () => [topics.applicationCountLagged],
  load: (db) => listApplicantCounts(db),
});

/** One opportunity with its share token: who may see it, and whether the token goes out, is decided per request. */
export const opportunityWithShareToken = cachedRead({
  topics: (_id: number) => AS_SHOWN,
  load: (db, id) => getOpportunityWithShareToken(db, id),
});

/** The admin's list adds each opportunity's applications by status and its approved hours. */
export const adminOpportunities = cachedRead({
  topics: (_query: Parameters<typeof listOpportunitiesForAdmin>[1]) => [
    "opportunities",
    topics.applicationRows,
    "users",
  ],
  load: (db, query) => listOpportunitiesForAdmin(db, query),
});

/** Hours served per opportunity, from its maintained totals (ADR 0042). */
export const opportunityProgress = cachedRead({
  topics: (_query: Parameters<typeof listOpportunityProgress>[1]) => [
    "opportunities",
    topics.applicationRows,
  ],
  load: (db, query) => listOpportunityProgress(db, query),
});

/** Whether a student may name an opportunity in a filter: it is public, or they applied to it (ADR 0017). */
export const visibleWithoutLink = cachedRead({
  topics: ({ studentId }: { studentId: number; opportunityId: number }) => [
    "opportunities",
    topics.applicationsOf(studentId),
  ],
  load: (db, { studentId, opportunityId }) => isVisibleWithoutLink(db, studentId, opportunityId),
});
