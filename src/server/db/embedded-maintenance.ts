// The embedded database's autovacuum (ADR 0067). PGlite runs PostgreSQL as one process, where autovacuum never
// runs: an embedded installation would keep the statistics of its first start while its tables grow (the planner
// then guesses every selectivity, and a backend's cached plan for a foreign-key check made while a table was small
// stays a sequential scan: docs/performance.md, thirteenth pass), and every dead row its updates leave. So once a
// school day, from MAINTENANCE_HOUR, the scheduler's pass vacuums and analyses it, as autovacuum would; requests
// wait on the one connection meanwhile, a few seconds at a school's size, at night. On PostgreSQL autovacuum does
// this, so nothing runs there.
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The school hour from which the day's maintenance runs: the quietest of the night. */
export const MAINTENANCE_HOUR = 3;
const JOB = "embedded_maintenance";

/**
 * Vacuums and analyses the database once for the school day `date`, from MAINTENANCE_HOUR. The day is claimed in
 * scheduled_runs first, so a restart the same day does not run it again. Returns whether it ran.
 */
export async function maintainEmbedded(
  db: Database,
  schoolNow: { date: string; hour: number },
): Promise<boolean> {
  if (schoolNow.hour < MAINTENANCE_HOUR) return false;
  const claimed = await db.execute(
    sql`insert into scheduled_runs (job, run_key) values (${JOB}, ${schoolNow.date})
      on conflict do nothing returning job`,
  );
  if ((claimed as { rows: unknown[] }).rows.length === 0) return false;
  // Outside any transaction: VACUUM cannot run inside one.
  await db.execute(sql`vacuum (analyze)`);
  return true;
}
