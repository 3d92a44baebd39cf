// Applications. Applying runs in one transaction that locks the opportunity row, so concurrent applications
// to the same opportunity are decided one at a time and its capacity holds (docs/product-rules.md §2); a
// private one needs its share link's key, as its page does. The unique
// (user, opportunity) index is the last line of defence against a double click. Admin status decisions lock the
// application and compare-and-set on its status, like the hour decisions in hours.service.ts.

import { builtOnce, builtOnceSql } from "@server/db/built-once";
import type { Database, Transaction } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { applications, hourSubmissions, opportunities, users, waitlistEntries } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest, conflict, forbidden, notFound } from "@server/errors";
import { type DatabaseJson, itemRows, itemsOf } from "@server/lib/database-json";
import type { SessionUser } from "@server/sessions/session-store";
import type {
  Application,
  DecisionResult,
  OpportunityApplication,
  UpdateStatusBodySchema,
} from "@shared/contract/applications";
import { canAdminSetStatus, canWithdraw, transitionRefusal } from "@shared/domain/application-status";
import { boundedAward } from "@shared/domain/coins";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { assertCanSeeStudentRecords, isApplicant } from "../access";
import { assertUserExists } from "../auth/user-exists";
import {
  hasRoomLeft,
  lockApplication,
  lockApplicationToDecide,
  lockOpportunity,
  OPPORTUNITY_FULL,
  STATUS_CHANGED,
} from "../decisions/decision-locks";
import { payAward } from "../decisions/pay-award";
import { applicationJsonFields, toApplication } from "../decisions/to-application";
import { hoursUnderReviewJson, withHoursUnderReview } from "../hours/hours-record";
import { applicationDecided, applicationReceived } from "../notifications/events";
import { OPPORTUNITY_NOT_FOUND, opportunityWithCreatorFields } from "../opportunities/opportunities.service";
import { assertOpportunityExists } from "../opportunities/opportunity-exists";
import { canSeeOpportunity } from "../opportunities/opportunity-visibility";
import { appliedStep, recordEvent } from "../timeline/record-event";
import { endEntryOnApplying, offerFreedPlaces } from "../waitlist/waitlist.service";

type UpdateStatusBody = z.output<typeof UpdateStatusBodySchema>;

export const ALREADY_APPLIED = "You have already applied to this opportunity";

// Applying's own statements, built once (ADR 0051).
const earlierApplications = builtOnce((db) =>
  db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(
      and(
        eq(applications.userId, sql.placeholder("studentId")),
        eq(applications.opportunityId, sql.placeholder("opportunityId")),
      ),
    ),
);

const insertApplication = builtOnce((db) =>
  db
    .insert(applications)
    .values({ userId: sql.placeholder("studentId"), opportunityId: sql.placeholder("opportunityId") })
    .returning(),
);

/** `shareKey` is the key of the link the student came by; a private opportunity is refused without it. */
export async function applyToOpportunity(
  db: Database,
  studentId: number,
  opportunityId: number,
  shareKey: string | undefined,
): Promise<Application> {
  try {
    return await inTransaction(db, async (tx) => {
      const opportunity = await lockOpportunity(tx, opportunityId);
      const earlier = await earlierApplications(tx, { studentId, opportunityId });
      // Before any other refusal, whose message would describe an opportunity the student may not see.
      const student = { role: "student" } as const;
      if (
        !opportunity ||
        !canSeeOpportunity(student, opportunity, { key: shareKey, hasApplied: earlier.length > 0 })
      ) {
        throw notFound(OPPORTUNITY_NOT_FOUND);
      }
      if (opportunity.status !== "open") {
        throw conflict(`Applications are closed: this opportunity is ${opportunity.status}`);
      }
      // One active application per student and opportunity, as the partial unique index says: a withdrawn
      // one leaves room to apply again (docs/product-rules.md §12).
      if (earlier.some((row) => row.status !== "withdrawn")) throw conflict(ALREADY_APPLIED);
      // Free places are offered to the waiting list first; a student holding an offer takes it here too.
      // Without a capacity every place is free: no offer to count (one statement fewer, ADR 0048).
      const offer =
        opportunity.capacity === null ? undefined : await liveOfferOf(tx, studentId, opportunityId);
      if (!(await hasRoomLeft(tx, opportunityId, opportunity.capacity, { except: offer ? 1 : 0 }))) {
        throw conflict(OPPORTUNITY_FULL);
      }
      await endEntryOnApplying(tx, studentId, opportunityId);
      const [created] = await insertApplication(tx, { studentId, opportunityId });
      if (!created) throw new Error("insert returned no row");
      await applicationReceived(tx, created, opportunity, appliedStep(created));
      return toApplication(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_APPLIED);
    throw error;
  }
}

/** Whether the student holds a live waiting-list offer on the opportunity (its place is theirs to take). */
async function liveOfferOf(tx: Transaction, studentId: number, opportunityId: number) {
  const [offer] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, studentId),
        eq(waitlistEntries.opportunityId, opportunityId),
        eq(waitlistEntries.status, "offered"),
        gt(waitlistEntries.offerExpiresAt, new Date()),
      ),
    );
  return offer;
}

/**
 * The student's own application to an opportunity, for the detail page's side card: the active one, else the
 * latest withdrawn one.
 */
const ownApplicationTo = builtOnce((db) =>
  db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(
      and(
        eq(applications.userId, sql.placeholder("studentId")),
        eq(applications.opportunityId, sql.placeholder("opportunityId")),
      ),
    )
    .orderBy(sql`${applications.status} = 'withdrawn'`, desc(applications.id))
    .limit(1),
);

export async function findOwnApplication(db: Database, studentId: number, opportunityId: number) {
  const [row] = await ownApplicationTo(db, { studentId, opportunityId });
  return row ?? null;
}

export const NOT_WITHDRAWABLE =
  "Only a pending application, or an accepted one with no hours submitted, can be withdrawn";

/**
 * The student withdraws their own application (docs/product-rules.md §12): pending, or accepted with no hours
 * submitted. It becomes `withdrawn` (final), its place frees and is offered to the waiting list in the same
 * transaction. Admins see it under 'Withdrawn'; nobody is notified (nothing waits on anyone: ADR 0037).
 */
export async function withdrawApplication(
  db: Database,
  studentId: number,
  applicationId: number,
): Promise<Application> {
  return inTransaction(db, async (tx) => {
    const { application, opportunity } = await lockApplication(tx, applicationId);
    if (!isApplicant(studentId, application)) {
      throw forbidden("You can only withdraw your own applications");
    }
    const [underReview] = await tx
      .select({ id: hourSubmissions.id })
      .from(hourSubmissions)
      .where(and(eq(hourSubmissions.applicationId, applicationId), eq(hourSubmissions.status, "pending")))
      .limit(1);
    if (!canWithdraw(application.status, application.submittedHours) || underReview) {
      const state = application.status === "accepted" ? "accepted with hours submitted" : application.status;
      throw conflict(`${NOT_WITHDRAWABLE}; this one is ${state}`);
    }
    const [updated] = await tx
      .update(applications)
      .set({ status: "withdrawn", updatedAt: sql`now()` })
      .where(
        and(
          eq(applications.id, applicationId),
          eq(applications.status, application.status),
          eq(applications.submittedHours, 0),
        ),
      )
      .returning();
    if (!updated) throw conflict(STATUS_CHANGED);
    await recordEvent(tx, { applicationId, kind: "withdrawn", actor: "student", actorId: studentId });
    await offerFreedPlaces(tx, opportunity.id);
    return toApplication(updated);
  });
}

const STATUS_MESSAGES = {
  accepted: "Application accepted",
  rejected: "Application rejected",
  completed: "Application completed",
} as const;

/**
 * Update Application Status: accept, reject, reconsider, or complete. Completing records the admin's hours as
 * an approved submission and pays the coins within the cap; it is final.
 */
export async function updateApplicationStatus(
  db: Database,
  admin: SessionUser,
  applicationId: number,
  input: UpdateStatusBody,
): Promise<DecisionResult> {
  return inTransaction(db, async (tx) => {
    const { application, opportunity } = await lockApplicationToDecide(tx, admin, applicationId);
    if (!canAdminSetStatus(application.status, input.status)) {
      throw conflict(transitionRefusal(application.status, input.status));
    }
    // Reconsidering a rejected application takes a place again, so it needs one.
    if (application.status === "rejected" && !(await hasRoomLeft(tx, opportunity.id, opportunity.capacity))) {
      throw conflict(OPPORTUNITY_FULL);
    }
    if (input.status !== "completed") {
      const [updated] = await tx
        .update(applications)
        .set({ status: input.status, notes: input.notes ?? application.notes, updatedAt: sql`now()` })
        .where(and(eq(applications.id, applicationId), eq(applications.status, application.status)))
        .returning();
      if (!updated) throw conflict(STATUS_CHANGED);
      // Accepting a rejected application is a reconsideration, the one way back in the state machine. The
      // dialog offers the application's notes to edit: only notes changed by this decision are its note.
      await applicationDecided(tx, updated, opportunity, input.status, 0, {
        applicationId,
        kind: application.status === "rejected" ? "reconsidered" : input.status,
        actor: "admin",
        actorId: admin.id,
        note: input.notes && input.notes !== application.notes ? input.notes : null,
      });
      // A rejection frees a place: the first in line is offered it in this transaction.
      if (input.status === "rejected") await offerFreedPlaces(tx, opportunity.id);
      return {
        application: toApplication(updated),
        coinsAwarded: 0,
        capped: false,
        badgesEarned: [],
        message: STATUS_MESSAGES[input.status],
      };
    }

    const { coinsAwarded: requested, hoursCompleted: hours, adminFeedback } = input;
    if (requested === undefined || hours === undefined || adminFeedback === null) {
      const fieldErrors: Record<string, string[]> = {};
      if (requested === undefined) fieldErrors.coinsAwarded = ["Coins awarded are required to complete"];
      if (hours === undefined) fieldErrors.hoursCompleted = ["Hours completed are required to complete"];
      if (adminFeedback === null) fieldErrors.adminFeedback = ["Feedback is required to complete"];
      throw badRequest("Completing an application needs coins, hours and feedback", fieldErrors);
    }
    const award = boundedAward(requested, application.coinsAwarded, opportunity.maxCoins);
    const [submission] =
      hours > 0
        ? await tx
            .insert(hourSubmissions)
            .values({
              applicationId,
              hours,
              status: "approved",
              reviewedBy: admin.id,
              reviewedAt: sql`now()`,
              coinsAwarded: award,
              feedback: adminFeedback,
            })
            .returning({ id: hourSubmissions.id })
        : [];
    const [updated] = await tx
      .update(applications)
      .set({
        status: "completed",
        completedAt: sql`now()`,
        hoursCompleted: sql`${applications.hoursCompleted} + ${hours}`,
        coinsAwarded: sql`${applications.coinsAwarded} + ${award}`,
        adminFeedback,
        notes: input.notes ?? application.notes,
        updatedAt: sql`now()`,
      })
      .where(and(eq(applications.id, applicationId), eq(applications.status, application.status)))
      .returning();
    if (!updated) throw conflict(STATUS_CHANGED);
    const { balance: _balance, ...result } = await payAward(tx, {
      application: updated,
      opportunity,
      admin,
      requested,
      award,
      reason: "Application completed",
      hourSubmissionId: submission?.id ?? null,
      messagePrefix: STATUS_MESSAGES.completed,
    });
    await applicationDecided(tx, updated, opportunity, "completed", result.coinsAwarded, {
      applicationId,
      kind: "completed",
      actor: "admin",
      actorId: admin.id,
      hours,
      coins: award,
      note: adminFeedback ?? null,
      hourSubmissionId: submission?.id ?? null,
    });
    return result;
  });
}

const applicantColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email };

/**
 * A student's applications, newest first, each with its opportunity, the opportunity's creator and the hours
 * under review: JSON the database builds a row at a time (lib/database-json.ts `itemRows`), as the admin's list is,
 * so Node maps no row. Built once, the student a parameter.
 */
const applicationsOfUser = builtOnceSql(
  itemRows(sql`select json_build_object(${applicationJsonFields()},
      'opportunity', json_build_object(${opportunityWithCreatorFields}),
      'hoursUnderReview', ${hoursUnderReviewJson({ id: sql`${applications.id}`, status: sql`${applications.status}` })}
    )::text as item,
    row_number() over (order by ${applications.appliedAt} desc, ${applications.id} desc) as position
    from ${applications}
    inner join ${opportunities} on ${opportunities.id} = ${applications.opportunityId}
    left join ${users} on ${users.id} = ${opportunities.createdBy}
    where ${applications.userId} = ${sql.placeholder("userId")}`),
);

/** A student's applications with their opportunities, newest first. */
export async function listApplicationsForUser(
  db: Database,
  viewer: SessionUser,
  userId: number,
): Promise<DatabaseJson> {
  assertCanSeeStudentRecords(viewer, userId, "applications");
  const { items } = itemsOf(await applicationsOfUser(db, { userId }));
  if (items.text === "[]") await assertUserExists(db, userId);
  return items;
}

export async function listApplicationsForOpportunity(
  db: Database,
  opportunityId: number,
): Promise<OpportunityApplication[]> {
  await assertOpportunityExists(db, opportunityId);
  const rows = await db
    .select({ application: applications, user: applicantColumns })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.opportunityId, opportunityId))
    .orderBy(desc(applications.appliedAt), desc(applications.id));
  return withHoursUnderReview(
    db,
    rows.map((row) => ({ ...toApplication(row.application), user: row.user })),
  );
}
