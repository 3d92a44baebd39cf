// The months academic terms start in (TERM_START_MONTHS) live in the database too, in `school_calendar`, because
// the triggers that keep the term totals (migration 0014, ADR 0042) cut coins into terms by them. The process
// writes its configuration there at start; when it changed, every aggregate is recomputed once.
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { schoolCalendar } from "./schema";
import { inTransaction } from "./transaction";

/** Makes the database's term start months the configured ones; true when they changed (and totals were rebuilt). */
export async function syncSchoolCalendar(db: Database, termStartMonths: readonly number[]): Promise<boolean> {
  const months = [...new Set(termStartMonths)].sort((a, b) => a - b);
  return inTransaction(db, async (tx) => {
    const changed = await tx
      .update(schoolCalendar)
      .set({ termStartMonths: months })
      .where(
        sql`${schoolCalendar.id} = 1 and ${schoolCalendar.termStartMonths} <> ${sql.param(months)}::int[]`,
      )
      .returning({ id: schoolCalendar.id });
    if (changed.length === 0) return false;
    await tx.execute(sql`select seva_rebuild_aggregates()`);
    return true;
  });
}
