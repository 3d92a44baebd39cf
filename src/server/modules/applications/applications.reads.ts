// The application reads the server caches, each with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { topics } from "@server/db/change-tracker";
import type { SessionUser } from "@server/sessions/session-store";
import type { AdminApplicationListQuery } from "@shared/contract/applications";
import { listApplicationsForAdmin } from "./admin-application-list";
import {
  findOwnApplication,
  listApplicationsForOpportunity,
  listApplicationsForUser,
} from "./applications.service";

/**
 * Lists of applications show the applications, their opportunities, the people on both (not balances) and the
 * hours under review, which a supervisor's answer changes without touching the application.
 */
const APPLICATION_LISTS = [topics.applicationRows, "opportunities", "users", "hour_submissions"] as const;

/**
 * One student's applications: another student's application, decision or hours leave the list as it is (their
 * own hours announce their part of the topic, migration 0021).
 */
export const applicationsOfStudent = cachedRead({
  topics: ({ userId }: { viewer: SessionUser; userId: number }) => [
    topics.applicationsOf(userId),
    "opportunities",
    "users",
  ],
  load: (db, { viewer, userId }) => listApplicationsForUser(db, viewer, userId),
});

/** A student's own application to one opportunity, if any. */
export const ownApplication = cachedRead({
  topics: ({ studentId }: { studentId: number; opportunityId: number }) => [topics.applicationsOf(studentId)],
  load: (db, { studentId, opportunityId }) => findOwnApplication(db, studentId, opportunityId),
});

export const applicationsToOpportunity = cachedRead({
  topics: (_opportunityId: number) => APPLICATION_LISTS,
  load: (db, opportunityId) => listApplicationsForOpportunity(db, opportunityId),
});

export const adminApplications = cachedRead({
  topics: (_query: AdminApplicationListQuery) => APPLICATION_LISTS,
  load: (db, query) => listApplicationsForAdmin(db, query),
});
