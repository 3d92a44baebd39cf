// The manager's list of opportunities is built as JSON by PostgreSQL (listOpportunitiesForAdmin); the opportunity's
// own page is mapped in Node (toOpportunity). On the demo's data (open, closed and private opportunities, with and
// without dates, capacities and required hours) every row of the list must say exactly what the page says of the
// fields a row holds (ADR 0056), with the counts of the maintained totals, newest first; and an opportunity whose
// creator is gone shows 'Former admin'.

import type { DatabaseHandle } from "@server/db/client";
import { opportunityTotals, users } from "@server/db/schema";
import { seedDemo } from "@server/demo/seed";
import { AdminOpportunitySchema } from "@shared/contract/opportunities";
import { createTestDatabase } from "@test/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORMER_ADMIN,
  getOpportunityWithShareToken,
  listOpportunitiesForAdmin,
} from "./opportunities.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db, "iimb.ac.in");
  // Every kind of field filled somewhere: a private event with dates and a supervisor beside the demo's own.
  await handle.db.execute(sql`update opportunities set visibility = 'private', starts_at = now() + interval '3 days',
      ends_at = now() + interval '3 days 4 hours', verification = 'supervisor', supervisor_name = 'Anita Rao',
      supervisor_email = 'anita.rao@ngo.example', auto_approve_max_hours = 6
    where id = (select min(id) from opportunities)`);
}, 120_000);
afterAll(() => handle?.close());

async function list(query: Partial<Parameters<typeof listOpportunitiesForAdmin>[1]> = {}) {
  const { opportunities, total } = await listOpportunitiesForAdmin(handle.db, {
    status: "all",
    limit: 200,
    offset: 0,
    ...query,
  });
  const rows = AdminOpportunitySchema.array().parse(JSON.parse(opportunities.text));
  // Exactly the contract's fields: encode drops unknown ones, so the two would differ.
  expect(AdminOpportunitySchema.array().encode(rows)).toEqual(JSON.parse(opportunities.text));
  return { rows, total };
}

describe("the manager's opportunity list built by the database", () => {
  it("says of every opportunity what its page says, with its counts, newest first", async () => {
    const { rows, total } = await list();
    expect(rows.length).toBe(total);
    expect(total).toBeGreaterThan(5);
    expect(rows.some((row) => row.startsAt !== null && row.endsAt !== null)).toBe(true);
    expect(rows.some((row) => row.visibility === "private")).toBe(true);
    expect(rows.some((row) => row.capacity !== null && row.totalRequiredHours !== null)).toBe(true);
    const rowFields = Object.keys(AdminOpportunitySchema.shape).filter(
      (key) => key !== "counts" && key !== "completedHours",
    );
    const totals = new Map(
      (await handle.db.select().from(opportunityTotals)).map((row) => [row.opportunityId, row]),
    );
    for (const row of rows) {
      const { counts, completedHours, ...shown } = row;
      const page = await getOpportunityWithShareToken(handle.db, row.id);
      expect(shown).toEqual(
        Object.fromEntries(rowFields.map((key) => [key, page[key as keyof typeof page]])),
      );
      const stored = totals.get(row.id);
      expect(counts).toEqual({
        pending: stored?.pending ?? 0,
        accepted: stored?.accepted ?? 0,
        hoursSubmitted: stored?.hoursSubmitted ?? 0,
        completed: stored?.completed ?? 0,
        rejected: stored?.rejected ?? 0,
        withdrawn: stored?.withdrawn ?? 0,
      });
      expect(completedHours).toBe(Number(stored?.completedHours ?? 0));
    }
    const created = rows.map((row) => [row.createdAt, row.id] as const);
    expect(created).toEqual([...created].sort(([a, x], [b, y]) => (a === b ? x - y : b.localeCompare(a))));
  });

  it("filters and pages as before, and names a creator who is gone 'Former admin'", async () => {
    const all = (await list()).rows;
    expect((await list({ limit: 3, offset: 2 })).rows).toEqual(all.slice(2, 5));
    const open = await list({ status: "open" });
    expect(open.rows.every((row) => row.status === "open")).toBe(true);
    expect(open.total).toBe(all.filter((row) => row.status === "open").length);
    const first = all[0];
    if (!first) throw new Error("no opportunities");
    const searched = await list({ search: first.title.slice(0, 12) });
    expect(searched.rows.map((row) => row.id)).toContain(first.id);

    const creatorId = first.createdBy ?? 0;
    await handle.db.delete(users).where(eq(users.id, creatorId));
    const orphaned = (await list()).rows.filter(
      (row) => row.createdBy === null || row.createdBy === creatorId,
    );
    expect(orphaned.length).toBeGreaterThan(0);
    for (const row of orphaned) expect(row.creator).toEqual(FORMER_ADMIN);
  });

  it("answers a page past the end with no opportunities and still the total", async () => {
    const { total } = await list();
    expect(await list({ offset: total })).toEqual({ rows: [], total });
    const open = await list({ status: "open" });
    expect(await list({ status: "open", offset: open.total + 5 })).toEqual({ rows: [], total: open.total });
  });
});
