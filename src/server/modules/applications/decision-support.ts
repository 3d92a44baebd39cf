// The shared machinery of decisions on applications (status updates here, hours in hours.service.ts).
// Every decision starts by locking rows in one fixed order: the opportunity, then the application, then (when
// coins move) the student. Concurrent decisions on an application queue up and each sees the status the
// previous one left; one order everywhere means no two transactions wait on each other in a cycle.

import type { Transaction } from "@server/db/client";
import { applications, opportunities } from "@server/db/schema";
import { notFound } from "@server/errors";
import { toIso } from "@server/lib/sql";
import type { Application, DecisionResult } from "@shared/contract/applications";
import { and, eq, ne, sql } from "drizzle-orm";
import { assertCanDecideOn } from "../access";
import type { SessionUser } from "../auth/session.store";
import { creditCoins } from "../coins/coins.service";

export const APPLICATION_NOT_FOUND = "Application not found";
export const STATUS_CHANGED = "The application changed while you were deciding; reload and try again";

export function toApplication(row: typeof applications.$inferSelect): Application {
  return {
    id: row.id,
    userId: row.userId,
    opportunityId: row.opportunityId,
    status: row.status,
    appliedAt: toIso(row.appliedAt),
    completedAt: toIso(row.completedAt),
    notes: row.notes,
    coinsAwarded: row.coinsAwarded,
    hoursCompleted: row.hoursCompleted,
    submittedHours: row.submittedHours,
    hourSubmissionDate: toIso(row.hourSubmissionDate),
    adminFeedback: row.adminFeedback,
  };
}

export function awardMessage(prefix: string, requested: number, awarded: number, maxCoins: number): string {
  if (awarded === requested) return `${prefix}: ${awarded} coins awarded`;
  if (awarded === 0)
    return `${prefix}: no coins awarded, the opportunity's cap of ${maxCoins} coins is already reached`;
  return `${prefix}: ${awarded} of ${requested} coins awarded, the opportunity's cap of ${maxCoins} coins is reached`;
}

export async function lockApplication(tx: Transaction, applicationId: number) {
  // An application never changes opportunity, so reading the link unlocked is safe.
  const [target] = await tx
    .select({ opportunityId: applications.opportunityId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!target) throw notFound(APPLICATION_NOT_FOUND);
  await lockOpportunity(tx, target.opportunityId);
  const [row] = await tx
    .select({
      application: applications,
      opportunity: {
        id: opportunities.id,
        title: opportunities.title,
        maxCoins: opportunities.maxCoins,
        coinsPerHour: opportunities.coinsPerHour,
        capacity: opportunities.capacity,
      },
    })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .where(eq(applications.id, applicationId))
    .for("update", { of: applications });
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

/**
 * Locks the opportunity row; the first lock of every decision, of every application to it and of every edit.
 * Applying also reads who may see it (visibility, share token).
 */
export async function lockOpportunity(tx: Transaction, opportunityId: number) {
  const [row] = await tx
    .select({
      id: opportunities.id,
      status: opportunities.status,
      capacity: opportunities.capacity,
      visibility: opportunities.visibility,
      shareToken: opportunities.shareToken,
    })
    .from(opportunities)
    .where(eq(opportunities.id, opportunityId))
    .for("update");
  return row;
}

export const OPPORTUNITY_FULL = "This opportunity is full: every place has been taken";

/**
 * Capacity counts every application that is not rejected (docs/product-rules.md §2); call with the
 * opportunity locked.
 */
export async function hasRoomLeft(
  tx: Transaction,
  opportunityId: number,
  capacity: number | null,
): Promise<boolean> {
  if (capacity === null) return true;
  const [taken] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.opportunityId, opportunityId), ne(applications.status, "rejected")));
  return (taken?.count ?? 0) < capacity;
}

/** Marks the opportunity filled once its approved hours reach its target (docs/product-rules.md §2). */
export async function markFilledWhenTargetReached(tx: Transaction, opportunityId: number): Promise<void> {
  await tx
    .update(opportunities)
    .set({ status: "filled", updatedAt: sql`now()` })
    .where(
      sql`${opportunities.id} = ${opportunityId}
        and ${opportunities.status} <> 'filled'
        and coalesce(${opportunities.totalRequiredHours}, 0) > 0
        and (select coalesce(sum(${applications.hoursCompleted}), 0) from ${applications}
             where ${applications.opportunityId} = ${opportunityId}) >= ${opportunities.totalRequiredHours}`,
    );
}

/**
 * The end of every paying decision (hours approved, application completed), inside its transaction: credits the
 * award already bounded by the cap (nothing when it is 0), marks the opportunity filled when its target is
 * reached, and says what happened.
 */
export async function payAward(
  tx: Transaction,
  decision: {
    application: typeof applications.$inferSelect;
    opportunity: Pick<LockedApplication["opportunity"], "id" | "title" | "maxCoins">;
    admin: SessionUser;
    requested: number;
    award: number;
    reason: string;
    hourSubmissionId: number | null;
    messagePrefix: string;
  },
): Promise<DecisionResult> {
  const { application, opportunity, award, requested } = decision;
  const credit =
    award > 0
      ? await creditCoins(tx, {
          userId: application.userId,
          amount: award,
          reason: decision.reason,
          applicationId: application.id,
          hourSubmissionId: decision.hourSubmissionId,
          opportunityId: opportunity.id,
          opportunityTitle: opportunity.title,
          awardedBy: decision.admin.id,
        })
      : { badgesEarned: [] };
  await markFilledWhenTargetReached(tx, opportunity.id);
  return {
    application: toApplication(application),
    coinsAwarded: award,
    capped: award < requested,
    badgesEarned: credit.badgesEarned,
    message: awardMessage(decision.messagePrefix, requested, award, opportunity.maxCoins),
  };
}
