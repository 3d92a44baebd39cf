// The locks every decision on an application takes (status updates in applications.service.ts, hours in
// hours.service.ts), and every application and opportunity edit. Every decision starts by locking rows in one
// fixed order: the opportunity, then the application, then (when coins move, in pay-award.ts) the student.
// Concurrent decisions on an application queue up and each sees the status the previous one left; one order
// everywhere means no two transactions wait on each other in a cycle.

import { builtOnce } from "@server/db/built-once";
import type { Executor, Transaction } from "@server/db/client";
import { applications, hourSubmissions, opportunities, users, waitlistEntries } from "@server/db/schema";
import { notFound } from "@server/errors";
import type { SessionUser } from "@server/sessions/session-store";
import { and, eq, gt, notInArray, sql } from "drizzle-orm";
import { assertCanDecideOn } from "../access";

export const APPLICATION_NOT_FOUND = "Application not found";
export const STATUS_CHANGED = "The application changed while you were deciding; reload and try again";

/** The CTE that locks the application's opportunity, found through the application (see lockApplication). */
function lockedOpportunityOf(db: Executor) {
  return db.$with("locked_opportunity").as(
    db
      .select({
        id: opportunities.id,
        title: opportunities.title,
        maxCoins: opportunities.maxCoins,
        coinsPerHour: opportunities.coinsPerHour,
        capacity: opportunities.capacity,
        totalRequiredHours: opportunities.totalRequiredHours,
        verification: opportunities.verification,
        supervisorName: opportunities.supervisorName,
        supervisorEmail: opportunities.supervisorEmail,
        studentNamesSupervisor: opportunities.studentNamesSupervisor,
      })
      .from(opportunities)
      .where(
        sql`${opportunities.id} = (select ${applications.opportunityId} from ${applications}
          where ${applications.id} = ${sql.placeholder("applicationId")})`,
      )
      .for("update"),
  );
}

/** What a lock reads: the application, its opportunity's settings and the student's name. */
function lockedSelection(opportunity: ReturnType<typeof lockedOpportunityOf>) {
  return {
    application: applications,
    opportunity: {
      id: opportunity.id,
      title: opportunity.title,
      maxCoins: opportunity.maxCoins,
      coinsPerHour: opportunity.coinsPerHour,
      capacity: opportunity.capacity,
      totalRequiredHours: opportunity.totalRequiredHours,
      verification: opportunity.verification,
      supervisorName: opportunity.supervisorName,
      supervisorEmail: opportunity.supervisorEmail,
      studentNamesSupervisor: opportunity.studentNamesSupervisor,
    },
    studentName: sql<string>`(select ${users.firstName} || ' ' || ${users.lastName} from ${users}
      where ${users.id} = ${applications.userId})`,
  };
}

const lockApplicationStatement = builtOnce((db) => {
  const opportunity = lockedOpportunityOf(db);
  return db
    .with(opportunity)
    .select(lockedSelection(opportunity))
    .from(applications)
    .innerJoin(opportunity, sql`true`)
    .where(eq(applications.id, sql.placeholder("applicationId")))
    .for("update", { of: applications });
});

/**
 * Locks the opportunity, then the application, in one statement (ADR 0048): the CTE locks the opportunity row,
 * found through the application (an application never changes opportunity, so reading that link unlocked is
 * safe); the outer query locks the application only above the join, once the opportunity's locked row has come
 * out of it. The order is the one of every decision. Also reads the student's name, which the decision's timeline
 * and notifications show, and the opportunity's settings that hours decisions need. Built once (ADR 0051).
 */
export async function lockApplication(tx: Transaction, applicationId: number) {
  const [row] = await lockApplicationStatement(tx, { applicationId });
  if (!row) throw notFound(APPLICATION_NOT_FOUND);
  return row;
}

export type LockedApplication = Awaited<ReturnType<typeof lockApplication>>;

/**
 * Locks an application for an administrator's decision. A student promoted to administrator may still have
 * applications of their own; those are decided by someone else, never by their owner.
 */
export async function lockApplicationToDecide(tx: Transaction, admin: SessionUser, applicationId: number) {
  const locked = await lockApplication(tx, applicationId);
  assertCanDecideOn(admin, locked.application);
  return locked;
}

const lockWithPendingHoursStatement = builtOnce((db) => {
  const opportunity = lockedOpportunityOf(db);
  return db
    .with(opportunity)
    .select({ ...lockedSelection(opportunity), submission: hourSubmissions })
    .from(applications)
    .innerJoin(opportunity, sql`true`)
    .innerJoin(
      hourSubmissions,
      and(eq(hourSubmissions.applicationId, applications.id), eq(hourSubmissions.status, "pending")),
    )
    .where(eq(applications.id, sql.placeholder("applicationId")))
    .for("update", { of: [applications, hourSubmissions] });
});

/**
 * Locks an application for an administrator's decision on its hours, and its submission under review, in one
 * statement (one round trip instead of two, ADR 0065): the opportunity, then the application and the pending
 * submission. Every path that changes a submission locks its opportunity first, so no two of them wait on each
 * other whatever order this statement takes the last two locks in; both are locked rows, so a change committed
 * while this waited is read as committed, never from the statement's snapshot. `submission` is undefined when
 * nothing is under review: then no row joins, and the usual lock tells a missing or forbidden application apart.
 */
export async function lockApplicationWithPendingHours(
  tx: Transaction,
  admin: SessionUser,
  applicationId: number,
): Promise<LockedApplication & { submission: typeof hourSubmissions.$inferSelect | undefined }> {
  const [row] = await lockWithPendingHoursStatement(tx, { applicationId });
  if (!row) return { ...(await lockApplicationToDecide(tx, admin, applicationId)), submission: undefined };
  assertCanDecideOn(admin, row.application);
  return row;
}

/**
 * Locks the opportunity row; the first lock of every decision, of every application to it and of every edit.
 * Applying also reads who may see it (visibility, share token).
 */
export async function lockOpportunity(tx: Transaction, opportunityId: number) {
  const [row] = await lockOpportunityStatement(tx, { opportunityId });
  return row;
}

const lockOpportunityStatement = builtOnce((db) =>
  db
    .select({
      id: opportunities.id,
      title: opportunities.title,
      status: opportunities.status,
      capacity: opportunities.capacity,
      // What an edit compares to tell applicants that the place or schedule changed (notifications).
      location: opportunities.location,
      schedule: opportunities.schedule,
      startsAt: opportunities.startsAt,
      endsAt: opportunities.endsAt,
      visibility: opportunities.visibility,
      shareToken: opportunities.shareToken,
    })
    .from(opportunities)
    .where(eq(opportunities.id, sql.placeholder("opportunityId")))
    .for("update"),
);

export const OPPORTUNITY_FULL = "This opportunity is full: every place has been taken";

/**
 * The statuses that hold no place: a rejected or withdrawn application frees its place (docs/product-rules.md §2,
 * §12). Every place count reads this list.
 */
export const PLACE_FREE_STATUSES = ["rejected", "withdrawn"] as const;

/** Applications holding a place on the opportunity: every one but rejected and withdrawn. */
export async function placesTaken(tx: Executor, opportunityId: number): Promise<number> {
  const [taken] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(applications)
    .where(
      and(
        eq(applications.opportunityId, opportunityId),
        notInArray(applications.status, [...PLACE_FREE_STATUSES]),
      ),
    );
  return taken?.count ?? 0;
}

/** Places held for waiting-list offers still open at `now` (an offer past its deadline holds nothing). */
export async function placesOffered(tx: Executor, opportunityId: number, now: Date): Promise<number> {
  const [offered] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.opportunityId, opportunityId),
        eq(waitlistEntries.status, "offered"),
        gt(waitlistEntries.offerExpiresAt, now),
      ),
    );
  return offered?.count ?? 0;
}

/**
 * Capacity counts every application that is not rejected or withdrawn, and every live waiting-list offer, which
 * holds its place for 48 hours (docs/product-rules.md §2, §12); call with the opportunity locked. `except`
 * leaves out offers the caller is taking up.
 */
export async function hasRoomLeft(
  tx: Transaction,
  opportunityId: number,
  capacity: number | null,
  { now = new Date(), except = 0 }: { now?: Date; except?: number } = {},
): Promise<boolean> {
  if (capacity === null) return true;
  const held =
    (await placesTaken(tx, opportunityId)) + (await placesOffered(tx, opportunityId, now)) - except;
  return held < capacity;
}
