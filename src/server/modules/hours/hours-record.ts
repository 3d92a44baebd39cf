// How a submission of hours reads in responses: what was served and the supervisor's verification. One mapping
// for the student's history and for the submission under review that every application list embeds, and its twin
// in SQL for the lists whose JSON the database builds (hoursUnderReviewJson).
import { builtOnce } from "@server/db/built-once";
import type { Executor } from "@server/db/client";
import { hourSubmissions } from "@server/db/schema";
import { isoText } from "@server/lib/database-json";
import { toIso } from "@server/lib/sql";
import type { HourSubmission } from "@shared/contract/hours";
import type { HoursUnderReview, Verification } from "@shared/contract/hours-record";
import { and, eq, type SQL, sql } from "drizzle-orm";

type SubmissionRow = typeof hourSubmissions.$inferSelect;

function toVerification(row: SubmissionRow): Verification {
  return {
    status: row.verificationStatus,
    supervisorName: row.supervisorName,
    sentAt: toIso(row.verificationSentAt),
    verifiedAt: toIso(row.verifiedAt),
    disputeReason: row.disputeReason,
  };
}

function toServed(row: SubmissionRow) {
  return {
    hours: row.hours,
    servedFrom: row.servedFrom,
    servedTo: row.servedTo,
    description: row.description,
    reflection: row.reflection,
  };
}

export function toHourSubmission(row: SubmissionRow): HourSubmission {
  return {
    ...toServed(row),
    id: row.id,
    applicationId: row.applicationId,
    submittedAt: toIso(row.submittedAt),
    status: row.status,
    reviewedAt: toIso(row.reviewedAt),
    coinsAwarded: row.coinsAwarded,
    feedback: row.feedback,
    autoApproved: row.autoApproved,
    verification: toVerification(row),
  };
}

/** The pending submissions of a list of applications: built once, the ids one array parameter (ADR 0051). */
const pendingSubmissionsOf = builtOnce((db) =>
  db
    .select()
    .from(hourSubmissions)
    .where(
      and(
        sql`${hourSubmissions.applicationId} = any(${sql.placeholder("applicationIds")}::int[])`,
        eq(hourSubmissions.status, "pending"),
      ),
    ),
);

/** The submission under review of each of these applications (at most one each), by application id. */
export async function hoursUnderReviewOf(
  db: Executor,
  applicationIds: readonly number[],
): Promise<Map<number, HoursUnderReview>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await pendingSubmissionsOf(db, { applicationIds: [...applicationIds] });
  return new Map(
    rows.map((row) => [
      row.applicationId,
      {
        ...toServed(row),
        id: row.id,
        submittedAt: toIso(row.submittedAt),
        verification: toVerification(row),
      },
    ]),
  );
}

/** Adds each application's submission under review (or null) to a list of them. */
export async function withHoursUnderReview<T extends { id: number; status: string }>(
  db: Executor,
  list: readonly T[],
): Promise<(T & { hoursUnderReview: HoursUnderReview | null })[]> {
  const underReview = await hoursUnderReviewOf(
    db,
    list
      .filter((application) => application.status === "hours_submitted")
      .map((application) => application.id),
  );
  return list.map((application) => ({
    ...application,
    hoursUnderReview: underReview.get(application.id) ?? null,
  }));
}

/**
 * The submission under review of the application whose id and status are given, as the JSON hoursUnderReviewOf
 * answers, or null. Looked up only for an application whose hours are submitted: joined to a whole page instead,
 * the planner hashed every pending submission of the school to find a page's few (scale 1: 4,000 rows, twice the
 * page's cost).
 */
export function hoursUnderReviewJson(application: { id: SQL; status: SQL }): SQL {
  return sql`case when ${application.status} = 'hours_submitted' then (select json_build_object(
    'hours', h.hours, 'servedFrom', h.served_from, 'servedTo', h.served_to, 'description', h.description,
    'reflection', h.reflection, 'id', h.id, 'submittedAt', ${isoText(sql`h.submitted_at`)},
    'verification', json_build_object('status', h.verification_status, 'supervisorName', h.supervisor_name,
      'sentAt', ${isoText(sql`h.verification_sent_at`)}, 'verifiedAt', ${isoText(sql`h.verified_at`)},
      'disputeReason', h.dispute_reason))
    from hour_submissions h where h.application_id = ${application.id} and h.status = 'pending') end`;
}
