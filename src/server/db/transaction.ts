// Runs a transaction, retrying it when PostgreSQL aborts it for a deadlock or a serialization failure. Locks
// are taken in one order (see modules/decisions/decision-locks.ts), so deadlocks should not happen; if one
// ever does, the aborted transaction changed nothing and simply runs again instead of surfacing as a 500.

import type { Database, Transaction } from "./client";
import { pgErrorCode } from "./pg-errors";

const RETRYABLE = new Set(["40P01", "40001"]);
const ATTEMPTS = 3;

export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= ATTEMPTS || code === undefined || !RETRYABLE.has(code)) throw error;
    }
  }
}
