// The shared machinery of decisions on applications (status updates here, hours in hours.service.ts).
// Every decision on an application starts here: the application row is locked for the rest of the transaction
// (so concurrent decisions on it queue up and each sees the status the previous one left), and read together
// with what the decision needs of its opportunity.
import { eq, sql } from "drizzle-orm";
import type { Application } from "../../../shared/contract/applications";
import type { Transaction } from "../../db/client";
import { applications, opportunities } from "../../db/schema";
import { notFound } from "../../http/errors";
import { toIso } from "../../lib/sql";

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
  const [row] = await tx
    .select({
      application: applications,
      opportunity: {
        id: opportunities.id,
        title: opportunities.title,
        maxCoins: opportunities.maxCoins,
        coinsPerHour: opportunities.coinsPerHour,
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

/** Marks the opportunity filled once its approved hours reach its target (PRODUCT-RULES §2). */
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
