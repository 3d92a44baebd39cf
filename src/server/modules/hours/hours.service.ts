// Hours: a student submits whole hours for review, with the days served and what was done; when the opportunity
// asks for it, the on-site supervisor is e-mailed a link to confirm or dispute them (supervision/, ADR 0038). An
// admin approves (coins within the opportunity's cap, via the ledger, badges, filled check) or rejects with
// feedback; a supervisor's confirmation may approve automatically under the opportunity's rule, through the same
// paying path (approveSubmission). Each decision is one transaction on the locked application, and every update
// is also conditioned on the status it expects (compare-and-set), so a double click, two admins or an admin and a
// supervisor can never pay twice: the second finds the status changed and gets 409.

import { builtOnce } from "@server/db/built-once";
import type { Database, Executor, Transaction } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { applicationEvents, applications, hourSubmissions, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest, conflict, tooManyRequests } from "@server/errors";
import type { SessionUser } from "@server/sessions/session-store";
import type { Application, DecisionResult } from "@shared/contract/applications";
import type { HourSubmission, SubmitHoursBody } from "@shared/contract/hours";
import {
  canReviewHours,
  canSubmitHours,
  statusAfterHoursRejected,
  transitionRefusal,
} from "@shared/domain/application-status";
import { boundedAward } from "@shared/domain/coins";
import { schoolDayOf, schoolMomentText } from "@shared/domain/event-dates";
import { VERIFICATION_RESEND_HOURS } from "@shared/domain/limits";
import { formatServedDates } from "@shared/domain/served-dates";
import { and, asc, eq, min, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { assertIsApplicant } from "../access";
import { assertCanSeeApplication } from "../decisions/application-access";
import {
  type LockedApplication,
  lockApplication,
  lockApplicationWithPendingHours,
  STATUS_CHANGED,
} from "../decisions/decision-locks";
import { payAward } from "../decisions/pay-award";
import { toApplication } from "../decisions/to-application";
import { hoursApproved, hoursRejected, hoursSubmitted } from "../notifications/events";
import { mailVerificationLink } from "../supervision/verification-mail";
import { recordEvent } from "../timeline/record-event";
import { toHourSubmission } from "./hours-record";

const HOUR_MS = 3_600_000;

export const DISPUTED_NEEDS_NOTE = "Approving disputed hours needs a note: say why they stand";
export const SUPERVISOR_IS_STUDENT =
  "Your supervisor confirms your hours, so give their e-mail address, not your own";
export const SUPERVISOR_NEEDED = "Give the name and e-mail of the supervisor who can confirm your hours";

/** A day (YYYY-MM-DD) as people read it, e.g. "12 Nov 2026" (written as every screen writes it, ADR 0082). */
export function dayText(day: string): string {
  return formatServedDates(day, day) ?? day;
}

const firstAcceptance = builtOnce((db) =>
  db
    .select({ at: min(applicationEvents.at) })
    .from(applicationEvents)
    .where(
      and(
        eq(applicationEvents.applicationId, sql.placeholder("applicationId")),
        eq(applicationEvents.kind, "accepted"),
      ),
    ),
);

/** The school day the application was accepted: its first `accepted` step, else the day it applied. */
async function acceptedDayOf(tx: Transaction, application: LockedApplication["application"]) {
  const [accepted] = await firstAcceptance(tx, { applicationId: application.id });
  return schoolDayOf(new Date(accepted?.at ?? application.appliedAt));
}

/** The days served must be ordered, not in the future (school time), and not before the acceptance. */
function datesRefusal(body: SubmitHoursBody, acceptedDay: string, today: string) {
  if (body.servedFrom > body.servedTo) {
    const message = "To must be on or after From";
    return badRequest(message, { servedTo: [message] });
  }
  if (body.servedTo > today) {
    const message = "To cannot be in the future: submit hours you have already served";
    return badRequest(message, { servedTo: [message] });
  }
  if (body.servedFrom < acceptedDay) {
    const message = `From cannot be before ${dayText(acceptedDay)}, when your application was accepted`;
    return badRequest(message, { servedFrom: [message] });
  }
  return undefined;
}

/**
 * Who is asked to confirm, when the opportunity asks for supervisor verification: its own supervisor, or the one
 * the student names when it lets them (required when it has no address of its own). Never the student.
 */
async function supervisorFor(
  tx: Transaction,
  studentId: number,
  settings: Pick<
    LockedApplication["opportunity"],
    "verification" | "supervisorName" | "supervisorEmail" | "studentNamesSupervisor"
  >,
  body: SubmitHoursBody,
): Promise<{ name: string | null; email: string } | null> {
  if (settings.verification === "none") return null;
  const named = settings.studentNamesSupervisor && body.supervisorEmail !== undefined;
  const supervisor = named
    ? { name: body.supervisorName ?? null, email: body.supervisorEmail?.toLowerCase() ?? "" }
    : settings.supervisorEmail
      ? { name: settings.supervisorName, email: settings.supervisorEmail.toLowerCase() }
      : null;
  if (!supervisor) throw badRequest(SUPERVISOR_NEEDED, { supervisorEmail: [SUPERVISOR_NEEDED] });
  if (named && supervisor.name === null) {
    const message = "Give your supervisor's name";
    throw badRequest(message, { supervisorName: [message] });
  }
  const [student] = await tx.select({ email: users.email }).from(users).where(eq(users.id, studentId));
  if (student && student.email.toLowerCase() === supervisor.email) {
    throw badRequest(SUPERVISOR_IS_STUDENT, { supervisorEmail: [SUPERVISOR_IS_STUDENT] });
  }
  return supervisor;
}

// The writes' statements built once (ADR 0051); their compare-and-set conditions are the same as written inline.
const markHoursSubmitted = builtOnce((db) =>
  db
    .update(applications)
    .set({
      status: "hours_submitted",
      submittedHours: sql`${sql.placeholder("hours")}`,
      hourSubmissionDate: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(applications.id, sql.placeholder("applicationId")),
        eq(applications.status, sql.placeholder("status")),
      ),
    )
    .returning(),
);

/**
 * An hours decision's two updates in one statement (one round trip instead of two, ADR 0065): the pending
 * submission gets `submission`, and the application under review gets `application` only when the submission was
 * still pending (`exists` over the CTE's row). Each keeps its own compare-and-set, so no row comes back when either
 * had changed.
 */
function decideSubmissionAndApplication(
  db: Executor,
  submission: PgUpdateSetSource<typeof hourSubmissions>,
  application: PgUpdateSetSource<typeof applications>,
) {
  const decided = db.$with("decided_submission").as(
    db
      .update(hourSubmissions)
      .set({ ...submission, reviewedAt: sql`now()` })
      .where(
        and(eq(hourSubmissions.id, sql.placeholder("submissionId")), eq(hourSubmissions.status, "pending")),
      )
      .returning({ id: hourSubmissions.id }),
  );
  return db
    .with(decided)
    .update(applications)
    .set({ ...application, updatedAt: sql`now()` })
    .where(
      and(
        eq(applications.id, sql.placeholder("applicationId")),
        eq(applications.status, "hours_submitted"),
        sql`exists (select from ${decided})`,
      ),
    )
    .returning();
}

const approveSubmissionAndApplication = builtOnce((db) =>
  decideSubmissionAndApplication(
    db,
    {
      status: "approved",
      reviewedBy: sql`${sql.placeholder("reviewedBy")}`,
      coinsAwarded: sql`${sql.placeholder("award")}`,
      feedback: sql`${sql.placeholder("feedback")}`,
      autoApproved: sql`${sql.placeholder("autoApproved")}`,
    },
    {
      status: "hours_approved",
      hoursCompleted: sql`${applications.hoursCompleted} + ${sql.placeholder("hours")}`,
      coinsAwarded: sql`${applications.coinsAwarded} + ${sql.placeholder("award")}`,
      adminFeedback: sql`${sql.placeholder("adminFeedback")}`,
    },
  ),
);

const rejectSubmissionAndApplication = builtOnce((db) =>
  decideSubmissionAndApplication(
    db,
    {
      status: "rejected",
      reviewedBy: sql`${sql.placeholder("reviewedBy")}`,
      feedback: sql`${sql.placeholder("feedback")}`,
    },
    { status: sql`${sql.placeholder("nextStatus")}`, adminFeedback: sql`${sql.placeholder("feedback")}` },
  ),
);

export async function submitHours(
  db: Database,
  verificationKey: Buffer,
  studentId: number,
  applicationId: number,
  body: SubmitHoursBody,
  now = new Date(),
): Promise<Application> {
  const { hours } = body;
  try {
    return await inTransaction(db, async (tx) => {
      const { application, opportunity, studentName } = await lockApplication(tx, applicationId);
      assertIsApplicant(studentId, application);
      if (!canSubmitHours(application.status))
        throw conflict(transitionRefusal(application.status, "hours_submitted"));
      const refusal = datesRefusal(body, await acceptedDayOf(tx, application), schoolDayOf(now));
      if (refusal) throw refusal;
      const supervisor = await supervisorFor(tx, studentId, opportunity, body);
      const [submission] = await tx
        .insert(hourSubmissions)
        .values({
          applicationId,
          hours,
          servedFrom: body.servedFrom,
          servedTo: body.servedTo,
          description: body.description,
          reflection: body.reflection,
          ...(supervisor
            ? {
                verificationStatus: "pending" as const,
                supervisorName: supervisor.name,
                supervisorEmail: supervisor.email,
                verificationSentAt: now,
              }
            : {}),
        })
        .returning({ id: hourSubmissions.id });
      if (!submission) throw new Error("insert returned no row");
      const [updated] = await markHoursSubmitted(tx, {
        applicationId,
        hours,
        status: application.status,
      });
      if (!updated) throw conflict(STATUS_CHANGED);
      // The step rides with the admins' notice (ADR 0066); the supervisor's request comes after it on the timeline.
      await hoursSubmitted(tx, updated, opportunity, submission.id, hours, studentName, {
        applicationId,
        kind: "hours_submitted",
        actor: "student",
        actorId: studentId,
        hours,
        note: body.description,
        hourSubmissionId: submission.id,
      });
      if (supervisor) {
        await mailVerificationLink(tx, verificationKey, submission.id, "supervisor_request", now);
        await recordEvent(tx, {
          applicationId,
          kind: "verification_requested",
          actor: "system",
          actorName: supervisor.name ?? supervisor.email,
          hourSubmissionId: submission.id,
        });
      }
      return toApplication(updated);
    });
  } catch (error) {
    // The partial unique index allows one submission under review per application.
    if (isUniqueViolation(error)) throw conflict("Hours are already under review for this application");
    throw error;
  }
}

/** The submission an hours decision is about, or 409 when none is under review. */
function underReview(submission: SubmissionRow | undefined): SubmissionRow {
  if (!submission) throw conflict("There are no hours under review for this application");
  return submission;
}

type SubmissionRow = typeof hourSubmissions.$inferSelect;

/**
 * The one paying path of approved hours, for an admin's approval and for Seva's automatic one on a supervisor's
 * confirmation (ADR 0038): with the application and the opportunity locked, approves the pending submission
 * (compare-and-set), adds its hours and the bounded award to the application, pays through payAward once, and
 * records and tells it. `reviewer` null is the automatic approval (actor system, auto_approved).
 */
export async function approveSubmission(
  tx: Transaction,
  decision: {
    locked: LockedApplication;
    submission: SubmissionRow;
    reviewer: SessionUser | null;
    requested: number;
    feedback: string | null;
  },
): Promise<DecisionResult> {
  const { locked, submission, reviewer, requested, feedback } = decision;
  const { application, opportunity } = locked;
  const award = boundedAward(requested, application.coinsAwarded, opportunity.maxCoins);
  const [updated] = await approveSubmissionAndApplication(tx, {
    submissionId: submission.id,
    reviewedBy: reviewer?.id ?? null,
    feedback,
    autoApproved: reviewer === null,
    applicationId: application.id,
    hours: submission.hours,
    award,
    adminFeedback: feedback ?? application.adminFeedback,
  });
  if (!updated) throw conflict(STATUS_CHANGED);

  const { balance, ...result } = await payAward(tx, {
    application: updated,
    opportunity,
    admin: reviewer,
    requested,
    award,
    reason:
      reviewer === null
        ? `${submission.hours} hours approved on the supervisor's confirmation`
        : `${submission.hours} hours approved`,
    hourSubmissionId: submission.id,
    messagePrefix: reviewer === null ? "Hours approved automatically" : "Hours approved",
  });
  await hoursApproved(
    tx,
    updated,
    opportunity,
    {
      submissionId: submission.id,
      hours: submission.hours,
      coinsAwarded: result.coinsAwarded,
      badgesEarned: result.badgesEarned,
      balance,
    },
    {
      applicationId: application.id,
      kind: "hours_approved",
      actor: reviewer === null ? "system" : "admin",
      actorId: reviewer?.id ?? null,
      hours: submission.hours,
      coins: result.coinsAwarded,
      note: feedback,
      hourSubmissionId: submission.id,
    },
  );
  return result;
}

export async function approveHours(
  db: Database,
  admin: SessionUser,
  applicationId: number,
  input: { coinsAwarded: number; feedback: string | null },
): Promise<DecisionResult> {
  return inTransaction(db, async (tx) => {
    const { submission: pending, ...locked } = await lockApplicationWithPendingHours(
      tx,
      admin,
      applicationId,
    );
    if (!canReviewHours(locked.application.status))
      throw conflict(transitionRefusal(locked.application.status, "hours_approved"));
    const submission = underReview(pending);
    if (submission.verificationStatus === "disputed" && input.feedback === null)
      throw badRequest(DISPUTED_NEEDS_NOTE, { feedback: [DISPUTED_NEEDS_NOTE] });
    return approveSubmission(tx, {
      locked,
      submission,
      reviewer: admin,
      requested: input.coinsAwarded,
      feedback: input.feedback,
    });
  });
}

export async function rejectHours(
  db: Database,
  admin: SessionUser,
  applicationId: number,
  feedback: string,
): Promise<DecisionResult> {
  return inTransaction(db, async (tx) => {
    const {
      application,
      opportunity,
      submission: pending,
    } = await lockApplicationWithPendingHours(tx, admin, applicationId);
    const hasApprovedHours = application.hoursCompleted > 0;
    const nextStatus = statusAfterHoursRejected(hasApprovedHours);
    if (!canReviewHours(application.status))
      throw conflict(transitionRefusal(application.status, nextStatus));
    const submission = underReview(pending);
    const [updated] = await rejectSubmissionAndApplication(tx, {
      submissionId: submission.id,
      reviewedBy: admin.id,
      feedback,
      applicationId,
      nextStatus,
    });
    if (!updated) throw conflict(STATUS_CHANGED);
    await hoursRejected(tx, updated, opportunity, submission, feedback, {
      applicationId,
      kind: "hours_rejected",
      actor: "admin",
      actorId: admin.id,
      hours: submission.hours,
      note: feedback,
      hourSubmissionId: submission.id,
    });
    return {
      application: toApplication(updated),
      coinsAwarded: 0,
      capped: false,
      badgesEarned: [],
      message: "Hours rejected: feedback sent to the student",
    };
  });
}

export const VERIFICATION_RESENT = "A new link is on its way to your supervisor";

/**
 * The student e-mails their supervisor a new link for the submission under review, at most once per
 * VERIFICATION_RESEND_HOURS since the last one (429 saying when the next may go).
 */
export async function resendVerification(
  db: Database,
  verificationKey: Buffer,
  studentId: number,
  applicationId: number,
  now = new Date(),
): Promise<{ message: string }> {
  return inTransaction(db, async (tx) => {
    const { application } = await lockApplication(tx, applicationId);
    assertIsApplicant(studentId, application);
    const [submission] = await tx
      .select()
      .from(hourSubmissions)
      .where(and(eq(hourSubmissions.applicationId, applicationId), eq(hourSubmissions.status, "pending")))
      .for("update");
    if (!submission || application.status !== "hours_submitted")
      throw conflict("There are no hours under review for this application");
    if (submission.verificationStatus !== "pending") {
      throw conflict(
        submission.verificationStatus === "not_required"
          ? "This opportunity does not ask a supervisor to confirm hours"
          : `Your supervisor already ${submission.verificationStatus} these hours`,
      );
    }
    const last = submission.verificationSentAt ?? new Date(0);
    const next = new Date(last.getTime() + VERIFICATION_RESEND_HOURS * HOUR_MS);
    if (next > now) {
      throw tooManyRequests(
        `A link was sent less than a day ago: you can send a new one from ${schoolMomentText(next)}`,
        Math.ceil((next.getTime() - now.getTime()) / 1000),
      );
    }
    const [updated] = await tx
      .update(hourSubmissions)
      .set({ verificationSentAt: now })
      .where(
        and(
          eq(hourSubmissions.id, submission.id),
          eq(hourSubmissions.verificationStatus, "pending"),
          eq(hourSubmissions.verificationSentAt, last),
        ),
      )
      .returning({ id: hourSubmissions.id });
    if (!updated) throw conflict(STATUS_CHANGED);
    await mailVerificationLink(tx, verificationKey, submission.id, "supervisor_request", now);
    return { message: VERIFICATION_RESENT };
  });
}

/** The submission history of an application, for its student or an admin. */
export async function listHourSubmissions(
  db: Database,
  viewer: SessionUser,
  applicationId: number,
): Promise<HourSubmission[]> {
  await assertCanSeeApplication(db, viewer, applicationId);
  const rows = await db
    .select()
    .from(hourSubmissions)
    .where(eq(hourSubmissions.applicationId, applicationId))
    .orderBy(asc(hourSubmissions.submittedAt), asc(hourSubmissions.id));
  return rows.map(toHourSubmission);
}
