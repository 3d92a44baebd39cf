// The embedded database's nightly vacuum and analyse (ADR 0067): once a school day from 03:00, claimed so that a
// restart does not run it twice, and run by the scheduler only on the embedded engine.
import type { DatabaseHandle } from "@server/db/client";
import { rowsOf } from "@server/lib/sql";
import { Scheduler } from "@server/modules/notifications/scheduler";
import { createTestDatabase } from "@test/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAINTENANCE_HOUR, maintainEmbedded } from "./embedded-maintenance";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
}, 60_000);
afterAll(() => handle?.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  return rowsOf<T>(await handle.db.execute(query))[0];
}

describe("the embedded database's maintenance", () => {
  it("analyses once a school day from its hour, and not again that day", async () => {
    // Rows the statistics do not know of yet.
    await handle.db.execute(sql`insert into scheduled_runs (job, run_key)
      select 'test_rows', g::text from generate_series(1, 240) g`);

    expect(await maintainEmbedded(handle.db, { date: "2026-11-20", hour: MAINTENANCE_HOUR - 1 })).toBe(false);
    expect(await maintainEmbedded(handle.db, { date: "2026-11-20", hour: MAINTENANCE_HOUR })).toBe(true);
    const analysed = await one<{ reltuples: number }>(
      sql`select reltuples from pg_class where relname = 'scheduled_runs'`,
    );
    // The claim's own row and the 240 above, counted by ANALYZE.
    expect(Number(analysed?.reltuples)).toBe(241);

    expect(await maintainEmbedded(handle.db, { date: "2026-11-20", hour: 23 })).toBe(false);
    expect(await maintainEmbedded(handle.db, { date: "2026-11-21", hour: 5 })).toBe(true);
  });

  it("is run by the scheduler's pass on the embedded engine only", async () => {
    const fourAmInIndia = new Date("2026-11-24T22:30:00Z"); // 04:00 on the 25th in Asia/Kolkata
    const claims = async () =>
      Number(
        (
          await one<{ n: number }>(
            sql`select count(*)::int as n from scheduled_runs where job = 'embedded_maintenance' and run_key = '2026-11-25'`,
          )
        )?.n,
      );
    await new Scheduler({ db: handle.db, now: () => fourAmInIndia, timeZone: "Asia/Kolkata" }).runOnce();
    expect(await claims()).toBe(0);
    await new Scheduler({
      db: handle.db,
      now: () => fourAmInIndia,
      timeZone: "Asia/Kolkata",
      embedded: true,
    }).runOnce();
    expect(await claims()).toBe(1);
  });
});
