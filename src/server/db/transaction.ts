// Runs a transaction, retrying it when PostgreSQL aborts it for a deadlock or a serialization failure. Locks
// are taken in one order (see modules/decisions/decision-locks.ts), so deadlocks should not happen; if one
// ever does, the aborted transaction changed nothing and simply runs again instead of surfacing as a 500.
// On a database that defers its change notices (deferred-notices.ts, ADR 0045), the transaction's notices are
// announced once it has committed, before this resolves: a caller that answers afterwards has announced its change.

import type { Database, Transaction } from "./client";
import { type Announce, deferralOf } from "./deferred-notices";
import { pgErrorCode } from "./pg-errors";

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const deferral = deferralOf(db);
  if (!deferral) return withRetries(() => db.transaction(work));
  const { value, topics } = await withRetries(() => deferral.transaction(work));
  if (topics.length > 0) await announceCommitted(deferral.announce, topics);
  return value;
}

async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= ATTEMPTS || code === undefined || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * The change is committed whatever happens here, so a failed announcement is not the caller's failure: it is
 * tried twice, then given up. The database is then unreachable, and every listener that loses it drops its cache
 * when it reconnects (postgres-listener.ts).
 */
async function announceCommitted(announce: Announce, topics: readonly string[]): Promise<void> {
  try {
    await announce(topics);
  } catch {
    await announce(topics).catch(() => undefined);
  }
}
