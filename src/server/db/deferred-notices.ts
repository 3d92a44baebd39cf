// Change notices leave a decision's commit (ADR 0045). PostgreSQL serialises the commits of transactions that
// NOTIFY: each holds one database-wide lock from before its commit record until that record is flushed to disk,
// so no two notifying commits share a flush. On this machine that capped any write at 250–410 commits a second
// against 2,100–2,400 without a notice (pgbench, 10 clients), and every decision notifies.
//
// So a transaction run by `inTransaction` asks its triggers to hold their notices (`seva.defer_notices`, read by
// `seva_notify()`, migration 0016): they collect the topics in the transaction instead, the transaction reads
// them back as its last statement, and once it has committed the process announces them in a transaction of
// their own whose commit does not wait for the disk (`synchronous_commit` off: a notice that a crash loses is lost
// together with every listener's connection, and a listener that reconnects drops its whole cache). A process
// that dies between the commit and the announcement announces "*" (anything may have changed) when it starts
// again (change-tracker.ts). Statements outside `inTransaction` (scripts, psql) still notify in their own commit.

import { sql } from "drizzle-orm";
import type { Database, Executor } from "./client";

/** Sends topics on the change channel, after the commit of the transaction that changed them. */
export type Announce = (topics: readonly string[]) => Promise<void>;

const announcers = new WeakMap<object, Announce>();

/** Makes `inTransaction` on this database defer its notices and announce them through `announce`. */
export function deferNotices(db: Database, announce: Announce): void {
  announcers.set(db, announce);
}

export function announcerOf(db: Database): Announce | undefined {
  return announcers.get(db);
}

/** First statement of a deferring transaction: the triggers collect their topics instead of notifying. */
export async function holdNotices(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('seva.defer_notices', 'on', true)`);
}

/** Last statement of a deferring transaction: the topics its triggers collected, one per line. */
export async function heldNotices(tx: Executor): Promise<string[]> {
  const result = await tx.execute(sql`select current_setting('seva.pending_notices', true) as topics`);
  const [row] = (result as unknown as { rows: { topics: string | null }[] }).rows;
  return (row?.topics ?? "").split("\n").filter(Boolean);
}

/**
 * The announcement: one autocommit statement whose commit does not wait for the disk (set_config local to its
 * own transaction), so the notify lock is held for microseconds instead of a flush.
 */
export const ANNOUNCE_STATEMENT = `select count(pg_notify('seva_changes', topic))
  from (select set_config('synchronous_commit', 'off', true)) as fast_commit, unnest($1::text[]) as topic`;
