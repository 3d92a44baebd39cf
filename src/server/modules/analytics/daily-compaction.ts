// Keeps the analytics' daily counts small. `application_daily` spreads each day and opportunity type over fifteen
// live shards (ADR 0042, migrations 0019 and 0033), so that applies made at the same moment do not wait on one row;
// a range of a year would then read up to fifteen rows per day and type, on every cache miss at ten times the
// school. Only today's rows are hot: the scheduler's pass (notifications/scheduler.ts) folds every earlier day's
// live shards into shard 0, which leaves each sum as it was, and adds what it folded to the sums of shard 0 per
// month and type and per day (application_months, application_days: ADR 0078), from which a range reads its whole
// months and its chart. Only the fold and seva_rebuild_aggregates() write shard 0, and each keeps those sums, so
// they always hold the same counts. A later completion of an old application adds to a live shard of its day
// again; the next pass folds it in.
//
// A fold can meet a transaction that writes several daily rows of the same days (an opportunity's deletion takes
// its applications out of each day, migration 0018) in the other order, and PostgreSQL then aborts one of the two
// for a deadlock. Both run in inTransaction, which runs the aborted one again (test/randomised-decisions.test.ts
// folds again and again while thousands of decisions run).

import type { Database } from "@server/db/client";
import { inTransaction } from "@server/db/transaction";
import { rowsOf } from "@server/lib/sql";
import { schoolDayOf } from "@shared/domain/event-dates";
import { sql } from "drizzle-orm";

/**
 * Folds the live shards of the days before `now`'s school day into shard 0 and into the sums of shard 0, and drops
 * daily rows that count nothing; returns how many rows of application_daily it removed. The fold is one statement:
 * a concurrent upsert into a folded row waits on its delete, then inserts a fresh row, so nothing is counted twice
 * or lost.
 */
export async function compactApplicationDaily(db: Database, now = new Date()): Promise<number> {
  const before = sql`${schoolDayOf(now)}::date`;
  return inTransaction(db, async (tx) => {
    const folded = await tx.execute(sql`with folded as (
      delete from application_daily where day < ${before} and shard <> 0
      returning day, type, applications, completed),
    kept as (
      insert into application_daily as t (day, type, shard, applications, completed)
      select day, type, 0, sum(applications)::int, sum(completed)::int from folded group by day, type
      order by day, type
      on conflict (day, type, shard) do update set applications = t.applications + excluded.applications,
        completed = t.completed + excluded.completed
      -- xmax is 0 on a row this statement inserted, not on one it updated.
      returning t.xmax = 0 as inserted),
    months as (
      insert into application_months as t (month, type, applications, completed)
      select date_trunc('month', day)::date, type, sum(applications)::int, sum(completed)::int from folded
      group by 1, 2 order by 1, 2
      on conflict (month, type) do update set applications = t.applications + excluded.applications,
        completed = t.completed + excluded.completed),
    days as (
      insert into application_days as t (day, applications)
      select day, sum(applications)::int from folded group by day order by day
      on conflict (day) do update set applications = t.applications + excluded.applications)
    select (select count(*)::int from folded) - (select count(*)::int from kept where inserted) as removed`);
    // Separately: a row this statement's insert could touch must not be deleted by it too.
    const empty = await tx.execute(sql`with gone as (delete from application_daily
      where day < ${before} and shard = 0 and applications = 0 and completed = 0 returning 1)
    select count(*)::int as removed from gone`);
    const removed = (result: unknown) => Number(rowsOf<{ removed: number }>(result)[0]?.removed ?? 0);
    return removed(folded) + removed(empty);
  });
}
