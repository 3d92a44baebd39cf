// The transactions `inTransaction` runs on PostgreSQL (ADR 0045, ADR 0051): the same as drizzle's own
// (`db.transaction`), with the deferred notices' set-up sent together with BEGIN and their read-back together with
// COMMIT, each pair in one round trip (two statements in one simple query). A write is a dozen short statements,
// and each round trip costs socket writes and a wake-up on both sides, on two cores shared by the server and the
// backends, so this takes two of them off every write.
// Loaded only with the PostgreSQL driver (client.ts), like pg itself (ADR 0044).

import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import type { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database, Transaction } from "./client";
import { type DeferringTransaction, topicsOf } from "./deferred-notices";

/** BEGIN, then the triggers collect their topics instead of notifying (deferred-notices.ts). */
const BEGIN_HOLDING_NOTICES = "begin; select set_config('seva.defer_notices', 'on', true)";
/** The topics the triggers collected, then COMMIT: the read-back is the transaction's last statement. */
const READ_NOTICES_AND_COMMIT = "select current_setting('seva.pending_notices', true) as topics; commit";

/** What drizzle's pool session holds that a transaction's session is made of, as `db.transaction` makes it. */
interface PoolSession {
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

export function deferringTransactions(pool: pg.Pool, db: Database): DeferringTransaction {
  const { dialect, schema, options } = db._.session as unknown as PoolSession;
  return async (work) => {
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, schema, options);
    const tx = new NodePgTransaction(dialect, session, schema) as unknown as Transaction;
    // A connection whose ROLLBACK fails is broken (or in an unknown state): the pool discards it.
    let broken: Error | undefined;
    try {
      await client.query(BEGIN_HOLDING_NOTICES);
      const value = await work(tx);
      const [read] = (await client.query(READ_NOTICES_AND_COMMIT)) as unknown as pg.QueryResult[];
      return { value, topics: topicsOf(read?.rows[0]?.topics) };
    } catch (error) {
      await client.query("rollback").catch((failure: Error) => {
        broken = failure;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
}
