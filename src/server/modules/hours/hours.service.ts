// Hours: a student submits whole hours for review; an admin approves (coins within the opportunity's cap, via
// the ledger, badges, filled check) or rejects with feedback. Each decision is one transaction on the locked
// application, and every update is also conditioned on the status it expects (compare-and-set), so a double
// click or two admins can never pay twice: the second finds the status changed and gets 409.

import type { Database, Transaction } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { applications, hourSubmissions } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { conflict, notFound } from "@server/errors";
import type { SessionUser } from "@server/sessions/session-store";
import type { Application, DecisionResult } from "@shared/contract/applications";
import type { HourSubmission } from "@shared/contract/hours";
import {
  canReviewHours,
  canSubmitHours,
  statusAfterHoursRejected,
  transitionRefusal,
} from "@shared/domain/application-status";
import { boundedAward } from "@shared/domain/coins";
import { and, asc, eq, sql } from "drizzle-orm";
import { assertCanSeeStudentRecords, assertIsApplicant } from "../access";
import {
  APPLICATION_NOT_FOUND,
  lockApplication,
  lockApplicationToDecide,
  STATUS_CHANGED,
} from "../decisions/decision-locks";
import { payAward } from "../decisions/pay-award";
import { toApplication } from "../decisions/to-application";
import { hoursApproved, hoursRejected, hoursSubmitted } from "../notifications/events";
import { toHourSubmission } from "./hours-record";

export async function submitHours(
  db: Database,
  studentId: number,
  applicationId: number,
  hours: number,
): Promise<Application> {
  try {
    return await inTransaction(db, async (tx) => {
      const { application, opportunity } = await lockApplication(tx, applicationId);
      assertIsApplicant(studentId, application);
      if (!canSubmitHours(application.status))
        throw conflict(transitionRefusal(application.status, "hours_submitted"));
      const [submission] = await tx
        .insert(hourSubmissions)
        .values({ applicationId, hours })
        .returning({ id: hourSubmissions.id });
      if (!submission) throw new Error("insert returned no row");
      const [updated] = await tx
        .update(applications)
        .set({
          status: "hours_submitted",
          submittedHours: hours,
          hourSubmissionDate: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(applications.id, applicationId), eq(applications.status, application.status)))
        .returning();
      if (!updated) throw conflict(STATUS_CHANGED);
      await hoursSubmitted(tx, updated, opportunity, submission.id, hours);
      return toApplication(updated);
    });
  } catch (error) {
    // The partial unique index allows one submission under review per application.
    if (isUniqueViolation(error)) throw conflict("Hours are already under review for this application");
    throw error;
  }
}

async function findPendingSubmission(tx: Transaction, applicationId: number) {
  const [submission] = await tx
    .select()
    .from(hourSubmissions)
    .where(and(eq(hourSubmissions.applicationId, applicationId), eq(hourSubmissions.status, "pending")))
    .for("update");
  if (!submission) throw conflict("There are no hours under review for this application");
  return submission;
}

export async function approveHours(
  db: Database,
  admin: SessionUser,
  applicationId: number,
  input: { coinsAwarded: number; feedback: string | null },
): Promise<DecisionResult> {
  return inTransaction(db, async (tx) => {
    const { application, opportunity } = await lockApplicationToDecide(tx, admin, applicationId);
    if (!canReviewHours(application.status))
      throw conflict(transitionRefusal(application.status, "hours_approved"));
    const submission = await findPendingSubmission(tx, applicationId);
    const award = boundedAward(input.coinsAwarded, application.coinsAwarded, opportunity.maxCoins);

    await tx
      .update(hourSubmissions)
      .set({
        status: "approved",
        reviewedBy: admin.id,
        reviewedAt: sql`now()`,
        coinsAwarded: award,
        feedback: input.feedback,
      })
      .where(and(eq(hourSubmissions.id, submission.id), eq(hourSubmissions.status, "pending")));
    const [updated] = await tx
      .update(applications)
      .set({
        status: "hours_approved",
        hoursCompleted: sql`${applications.hoursCompleted} + ${submission.hours}`,
        coinsAwarded: sql`${applications.coinsAwarded} + ${award}`,
        adminFeedback: input.feedback ?? application.adminFeedback,
        updatedAt: sql`now()`,
      })
      .where(and(eq(applications.id, applicationId), eq(applications.status, "hours_submitted")))
      .returning();
    if (!updated) throw conflict(STATUS_CHANGED);

    const result = await payAward(tx, {
      application: updated,
      opportunity,
      admin,
      requested: input.coinsAwarded,
      award,
      reason: `${submission.hours} hours approved`,
      hourSubmissionId: submission.id,
      messagePrefix: "Hours approved",
    });
    await hoursApproved(tx, updated, opportunity, {
      submissionId: submission.id,
      hours: submission.hours,
      coinsAwarded: result.coinsAwarded,
      badgesEarned: result.badgesEarned,
    });
    return result;
  });
}

export async function rejectHours(
  db: Database,
  admin: SessionUser,
  applicationId: number,
  feedback: string,
): Promise<DecisionResult> {
  return inTransaction(db, async (tx) => {
    const { application, opportunity } = await lockApplicationToDecide(tx, admin, applicationId);
    const hasApprovedHours = application.hoursCompleted > 0;
    const nextStatus = statusAfterHoursRejected(hasApprovedHours);
    if (!canReviewHours(application.status))
      throw conflict(transitionRefusal(application.status, nextStatus));
    const submission = await findPendingSubmission(tx, applicationId);
    await tx
      .update(hourSubmissions)
      .set({ status: "rejected", reviewedBy: admin.id, reviewedAt: sql`now()`, feedback })
      .where(and(eq(hourSubmissions.id, submission.id), eq(hourSubmissions.status, "pending")));
    const [updated] = await tx
      .update(applications)
      .set({ status: nextStatus, adminFeedback: feedback, updatedAt: sql`now()` })
      .where(and(eq(applications.id, applicationId), eq(applications.status, "hours_submitted")))
      .returning();
    if (!updated) throw conflict(STATUS_CHANGED);
    await hoursRejected(tx, updated, opportunity, submission, feedback);
    return {
      application: toApplication(updated),
      coinsAwarded: 0,
      capped: false,
      badgesEarned: [],
      message: "Hours rejected: feedback sent to the student",
    };
  });
}

/** The submission history of an application, for its student or an admin. */
export async function listHourSubmissions(
  db: Database,
  viewer: SessionUser,
  applicationId: number,
): Promise<HourSubmission[]> {
  const [owner] = await db
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!owner) throw notFound(APPLICATION_NOT_FOUND);
  assertCanSeeStudentRecords(viewer, owner.userId, "applications");
  const rows = await db
    .select()
    .from(hourSubmissions)
    .where(eq(hourSubmissions.applicationId, applicationId))
    .orderBy(asc(hourSubmissions.submittedAt), asc(hourSubmissions.id));
  return rows.map(toHourSubmission);
}
