// The coin ledger: append-only rows, and users.coins as their running sum, changed together in the caller's
// transaction. Nothing else writes users.coins. Badges reached by the new balance are awarded in the same
// transaction.

import type { Transaction } from "@server/db/client";
import { coinLedger, users } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import { awardBadgesForBalance } from "../badges/badges.service";

export interface CoinCredit {
  userId: number;
  amount: number;
  reason: string;
  applicationId: number;
  hourSubmissionId: number | null;
  opportunityId: number;
  opportunityTitle: string;
  /** The admin who decided; null for an automatic approval on the supervisor's confirmation (ADR 0038). */
  awardedBy: number | null;
  /** When the award was made; only the demo's replayed history (src/server/demo/seed.ts) backdates it. */
  createdAt?: Date;
}

/** Credits a positive amount; returns the new balance and the badges it unlocked. */
export async function creditCoins(
  tx: Transaction,
  credit: CoinCredit,
): Promise<{ balance: number; badgesEarned: string[] }> {
  if (!Number.isInteger(credit.amount) || credit.amount <= 0)
    throw new Error(`invalid credit ${credit.amount}`);
  await tx.insert(coinLedger).values(credit);
  const [updated] = await tx
    .update(users)
    .set({ coins: sql`${users.coins} + ${credit.amount}`, updatedAt: sql`now()` })
    .where(eq(users.id, credit.userId))
    .returning({ coins: users.coins });
  if (!updated) throw new Error(`credit to missing user ${credit.userId}`);
  const badgesEarned = await awardBadgesForBalance(tx, credit.userId, updated.coins, credit.createdAt);
  return { balance: updated.coins, badgesEarned };
}
