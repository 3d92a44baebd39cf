// Every connection the app opens plans with PLANNER_SETTINGS (ADR 0053), on whichever engine the run uses: the
// embedded one from its start parameters, each pooled PostgreSQL connection from its startup options.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/db";
import { rowsOf } from "../lib/sql";
import { type DatabaseHandle, PLANNER_SETTINGS } from "./client";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe("planner settings", () => {
  it("holds on every connection, several at once", async () => {
    // Held open together, the pool's statements run on separate connections.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        handle.db.execute(
          sql`select pg_sleep(0.05), (select json_object_agg(name, setting) from pg_settings
            where name in ${PLANNER_SETTINGS.map(([name]) => name)}) as settings, pg_backend_pid() as pid`,
        ),
      ),
    );
    const expected = Object.fromEntries(PLANNER_SETTINGS);
    const rows = answers.map(
      (answer) => rowsOf<{ settings: Record<string, string>; pid: number }>(answer)[0],
    );
    for (const row of rows) expect(row?.settings).toEqual(expected);
    // PGlite has one connection; the pool must have answered on more than one.
    if (handle.kind === "postgres") expect(new Set(rows.map((row) => row?.pid)).size).toBeGreaterThan(1);
    expect(PLANNER_SETTINGS).toContainEqual(["enable_memoize", "off"]);
  });
});
