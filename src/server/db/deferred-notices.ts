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

import type { Database, Transaction } from "./client";

/** Sends topics on the change channel, after the commit of the transaction that changed them. */
export type Announce = (topics: readonly string[]) => Promise<void>;

/** Runs `work` in a transaction that defers its notices; resolves once committed, with the topics collected. */
export type DeferringTransaction = <T>(
  work: (tx: Transaction) => Promise<T>,
) => Promise<{ value: T; topics: string[] }>;

/** How a database defers its notices: the transactions that collect them, and their announcement. */
export interface NoticeDeferral {
  /** Opens a transaction whose triggers collect their topics, and reads them back before its commit. */
  transaction: DeferringTransaction;
  announce: Announce;
}

const deferrals = new WeakMap<object, NoticeDeferral>();

/** Makes `inTransaction` on this database defer its notices and announce them after each commit. */
export function deferNotices(db: Database, deferral: NoticeDeferral): void {
  deferrals.set(db, deferral);
}

export function deferralOf(db: Database): NoticeDeferral | undefined {
  return deferrals.get(db);
}

/** The topics read back from `seva.pending_notices`: one per line. */
export function topicsOf(pending: string | null | undefined): string[] {
  return (pending ?? "").split("\n").filter(Boolean);
}

/**
 * Announcements of concurrent transactions share one statement (ADR 0051): while one is being sent, the topics
 * of the next ones wait and go out together as soon as it is done. Each caller still resolves only once its own
 * topics are announced, so a write answers after its change is announced, as before; under load a dozen
 * writes' announcements cost one round trip and one notifying commit instead of a dozen.
 */
export function batchAnnouncements(send: Announce): Announce {
  let sending = false;
  let next: { topics: Set<string>; sent: Promise<void>; settle(outcome: Promise<void>): void } | undefined;
  const run = (topics: readonly string[]): Promise<void> => {
    sending = true;
    return send(topics).finally(() => {
      sending = false;
      const batch = next;
      next = undefined;
      if (batch) batch.settle(run([...batch.topics]));
    });
  };
  return (topics) => {
    if (!sending) return run(topics);
    if (!next) {
      let settle: (outcome: Promise<void>) => void = () => undefined;
      const sent = new Promise<void>((resolve) => {
        settle = resolve;
      });
      next = { topics: new Set(), sent, settle };
    }
    for (const topic of topics) next.topics.add(topic);
    return next.sent;
  };
}

/**
 * The announcement: one autocommit statement whose commit does not wait for the disk (set_config local to its
 * own transaction), so the notify lock is held for microseconds instead of a flush.
 */
export const ANNOUNCE_STATEMENT = `select count(pg_notify('seva_changes', topic))
  from (select set_config('synchronous_commit', 'off', true)) as fast_commit, unnest($1::text[]) as topic`;
