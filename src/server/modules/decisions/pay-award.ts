// The end of every paying decision (hours approved, application completed): the award, already bounded by
// the opportunity's cap, goes to the coin ledger in the decision's transaction, and the opportunity is marked
// filled once its target is reached. The amount travels one way: service → payAward → creditCoins (→ badges).

import type { Transaction } from "@server/db/client";
import { type applications, opportunities, opportunityTotals } from "@server/db/schema";
import type { SessionUser } from "@server/sessions/session-store";
import type { DecisionResult } from "@shared/contract/applications";
import { sql } from "drizzle-orm";
import { creditCoins } from "../coins/coins.service";
import { targetReached } from "../notifications/events";
import type { LockedApplication } from "./decision-locks";
import { toApplication } from "./to-application";

export function awardMessage(prefix: string, requested: number, awarded: number, maxCoins: number): string {
  if (awarded === requested) return `${prefix}: ${awarded} coins awarded`;
  if (awarded === 0)
    return `${prefix}: no coins awarded, the opportunity's cap of ${maxCoins} coins is already reached`;
  return `${prefix}: ${awarded} of ${requested} coins awarded, the opportunity's cap of ${maxCoins} coins is reached`;
}

/**
 * Marks the opportunity filled once its approved hours reach its target (docs/product-rules.md §2). The hours are
 * its maintained total (ADR 0042), which the decision's application update already moved in this transaction.
 */
export async function markFilledWhenTargetReached(tx: Transaction, opportunityId: number): Promise<void> {
  const filled = await tx
    .update(opportunities)
    .set({ status: "filled", updatedAt: sql`now()` })
    .where(
      sql`${opportunities.id} = ${opportunityId}
        and ${opportunities.status} <> 'filled'
        and coalesce(${opportunities.totalRequiredHours}, 0) > 0
        and coalesce((select ${opportunityTotals.completedHours} from ${opportunityTotals}
             where ${opportunityTotals.opportunityId} = ${opportunityId}), 0) >= ${opportunities.totalRequiredHours}`,
    )
    .returning({ id: opportunities.id, title: opportunities.title });
  for (const opportunity of filled) await targetReached(tx, opportunity);
}

/**
 * Inside the decision's transaction: credits the award (nothing when it is 0), marks the opportunity filled
 * when its target is reached (only an opportunity with a target can reach one: the others skip the statement),
 * and says what happened, with the student's balance after the credit (null when nothing was credited).
 */
export async function payAward(
  tx: Transaction,
  decision: {
    application: typeof applications.$inferSelect;
    opportunity: Pick<LockedApplication["opportunity"], "id" | "title" | "maxCoins" | "totalRequiredHours">;
    /** The admin who decided; null when Seva approved on the supervisor's confirmation (ADR 0038). */
    admin: Pick<SessionUser, "id"> | null;
    requested: number;
    award: number;
    reason: string;
    hourSubmissionId: number | null;
    messagePrefix: string;
    /** When the decision was made; only the demo's replayed history (src/server/demo/seed.ts) sets it. */
    at?: Date;
  },
): Promise<DecisionResult & { balance: number | null }> {
  const { application, opportunity, award, requested } = decision;
  // What the answer says is known before the coins move, so the ledger is the amount's last stop.
  const decided = toApplication(application);
  const message = awardMessage(decision.messagePrefix, requested, award, opportunity.maxCoins);
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
          awardedBy: decision.admin?.id ?? null,
          ...(decision.at ? { createdAt: decision.at } : {}),
        })
      : { balance: null, badgesEarned: [] };
  if (opportunity.totalRequiredHours) await markFilledWhenTargetReached(tx, opportunity.id);
  return {
    balance: credit.balance,
    application: decided,
    coinsAwarded: award,
    capped: award < requested,
    badgesEarned: credit.badgesEarned,
    message,
  };
}
