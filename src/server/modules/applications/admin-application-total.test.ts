// The admin lists' total from the maintained counts equals counting the applications, for every set of statuses,
// with and without an opportunity, on whichever engine the suite runs: across the school from application_counts,
// for one opportunity from opportunity_totals, whose sets it does not split fall back to counting.

import type { DatabaseHandle } from "@server/db/client";
import { applications } from "@server/db/schema";
import { countAll } from "@server/lib/sql";
import { APPLICATION_STATUSES, type ApplicationStatus } from "@shared/domain/enums";
import { createTestUser } from "@test/app";
import { createTestDatabase } from "@test/db";
import { generateHistory } from "@test/history-generator";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listApplicationsForAdmin } from "./admin-application-list";
import { maintainedTotal, totalsColumnsFor } from "./admin-application-total";

let handle: DatabaseHandle;
let opportunityIds: number[];

beforeAll(async () => {
  handle = await createTestDatabase();
  const admin = await createTestUser(handle.db, { role: "admin" });
  ({ opportunityIds } = await generateHistory(handle.db, {
    students: 60,
    opportunities: 8,
    applications: 300,
    spanDays: 120,
    adminId: admin.id,
  }));
  // The generator makes no withdrawals; a few, through the same trigger path as any update.
  await handle.db.execute(
    sql`update applications set status = 'withdrawn' where id in (select id from applications where status = 'pending' order by id limit 7)`,
  );
}, 120_000);
afterAll(() => handle?.close());

/** Every set of statuses: 2^7 of them, the empty one standing for no filter. */
const STATUS_SETS: (ApplicationStatus[] | undefined)[] = Array.from(
  { length: 2 ** APPLICATION_STATUSES.length },
  (_, mask) => {
    const set = APPLICATION_STATUSES.filter((_, bit) => mask & (1 << bit));
    return set.length === 0 ? undefined : set;
  },
);

async function counted(status: ApplicationStatus[] | undefined, opportunityId?: number) {
  const [row] = await handle.db
    .select({ total: countAll() })
    .from(applications)
    .where(
      and(
        status ? inArray(applications.status, status) : undefined,
        opportunityId ? eq(applications.opportunityId, opportunityId) : undefined,
      ),
    );
  return row?.total ?? 0;
}

describe("the admin application lists' total", () => {
  it("equals the count of the applications for every status set, with and without an opportunity", async () => {
    const opportunityId = opportunityIds[0];
    let fromTotals = 0;
    for (const status of STATUS_SETS) {
      for (const opportunity of [undefined, opportunityId]) {
        const query = { status, opportunityId: opportunity, sort: "applied" as const, limit: 1, offset: 0 };
        const expected = await counted(status, opportunity);
        expect((await listApplicationsForAdmin(handle.db, query)).total, JSON.stringify(query)).toBe(
          expected,
        );
        const total = await maintainedTotal(handle.db, query);
        if (total !== undefined) {
          fromTotals += 1;
          expect(total, JSON.stringify(query)).toBe(expected);
        }
      }
    }
    // Without an opportunity every set is read from the counts (2^7, the empty one being no filter); with one,
    // every set with both or neither of the two completed statuses (2^5 * 2).
    expect(fromTotals).toBe(2 ** 7 + 2 ** 5 * 2);
    expect(await counted(["withdrawn"])).toBeGreaterThan(0);
  });

  it("leaves a search, and one completed status of an opportunity, to counting", async () => {
    expect(totalsColumnsFor(["hours_approved"])).toBeUndefined();
    expect(totalsColumnsFor(["completed", "pending"])).toBeUndefined();
    expect(totalsColumnsFor(["completed", "hours_approved"])).toHaveLength(1);
    expect(await maintainedTotal(handle.db, { status: ["pending"], search: "a" })).toBeUndefined();
    const opportunityId = opportunityIds[0];
    expect(await maintainedTotal(handle.db, { status: ["completed"], opportunityId })).toBeUndefined();
    expect(await maintainedTotal(handle.db, { status: ["completed"] })).toBe(await counted(["completed"]));
  });
});
