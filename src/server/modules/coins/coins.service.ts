// The coin ledger: append-only rows, and users.coins as their running sum, changed together in the caller's
// transaction. Nothing else writes users.coins. Badges reached by the new balance are awarded in the same
// transaction.

import { builtOnceSql } from "@server/db/built-once";
import type { Executor, Transaction } from "@server/db/client";
import { coinLedger, users } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { awardBadgesForBalance, namesOfAwardedBadges } from "../badges/badges.service";

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

/** The credit's one statement; `credit` holds its values, or placeholders for them in the one built once. */
function creditStatement(
  db: Executor,
  credit: { [K in keyof Omit<CoinCredit, "createdAt">]: CoinCredit[K] | Placeholder },
  createdAt?: Date,
): SQL {
  return sql`
    with credited as (${db
      .insert(coinLedger)
      .values({ ...credit, ...(createdAt ? { createdAt } : {}) })
      .getSQL()}),
    balance as (
      update ${users} set coins = ${users.coins} + ${credit.amount}, updated_at = now()
      where ${users.id} = ${credit.userId}
      returning ${users.coins}
    ),
    earned as (${awardBadgesForBalance(credit.userId, "balance", createdAt)})
    select balance.coins, ${namesOfAwardedBadges("earned")} as badges from balance`;
}

/** Every credit but the demo's backdated ones, built once (ADR 0051). */
const creditNow = builtOnceSql<CoinCredit>((db) =>
  creditStatement(db, {
    userId: sql.placeholder("userId"),
    amount: sql.placeholder("amount"),
    reason: sql.placeholder("reason"),
    applicationId: sql.placeholder("applicationId"),
    hourSubmissionId: sql.placeholder("hourSubmissionId"),
    opportunityId: sql.placeholder("opportunityId"),
    opportunityTitle: sql.placeholder("opportunityTitle"),
    awardedBy: sql.placeholder("awardedBy"),
  }),
);

/**
 * Credits a positive amount; returns the new balance and the badges it unlocked. One statement (ADR 0048): the
 * ledger row, the balance it moves and the badges that balance reaches are written together, so they cannot
 * disagree, and the decision pays in one round trip instead of three or four. Badges are awarded by the balance
 * the update returns, in the order of their thresholds.
 */
export async function creditCoins(
  tx: Transaction,
  credit: CoinCredit,
): Promise<{ balance: number; badgesEarned: string[] }> {
  if (!Number.isInteger(credit.amount) || credit.amount <= 0)
    throw new Error(`invalid credit ${credit.amount}`);
  const result = credit.createdAt
    ? await tx.execute(creditStatement(tx, credit, credit.createdAt))
    : await creditNow(tx, credit);
  const [updated] = rowsOf<{ coins: number; badges: string[] }>(result);
  if (!updated) throw new Error(`credit to missing user ${credit.userId}`);
  return { balance: Number(updated.coins), badgesEarned: updated.badges };
}
