// The students' feed is built as JSON by PostgreSQL (listOpenOpportunities, ADR 0063); the opportunity's own page
// is mapped in Node (toOpportunity). On the demo's data, with dates, a supervisor and a creator who is gone, every
// opportunity of the feed must say exactly what its page says, in the feed's order, paged without repeating or
// skipping one, with the total of every match.

import type { DatabaseHandle } from "@server/db/client";
import { applications, opportunities, users } from "@server/db/schema";
import { seedDemo } from "@server/demo/seed";
import { type OpportunityListQuery, OpportunitySchema } from "@shared/contract/opportunities";
import { createTestDatabase } from "@test/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FORMER_ADMIN,
  getOpportunity,
  listOpenOpportunities,
  type OpenOpportunitiesQuery,
} from "./opportunities.service";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemo(handle.db, "iimb.ac.in");
  // An event with dates and a supervisor among the demo's open opportunities.
  await handle.db.execute(sql`update opportunities set starts_at = now() + interval '3 days',
      ends_at = now() + interval '3 days 4 hours', verification = 'supervisor', supervisor_name = 'Anita Rao',
      supervisor_email = 'anita.rao@ngo.example', auto_approve_max_hours = 6
    where id = (select min(id) from opportunities where status = 'open' and visibility = 'public')`);
}, 120_000);
afterAll(() => handle?.close());

const FeedSchema = OpportunitySchema.array();

async function feed(query: Partial<OpenOpportunitiesQuery> = {}) {
  const body = await listOpenOpportunities(handle.db, {
    limit: 100,
    offset: 0,
    ...query,
  } as OpenOpportunitiesQuery);
  const parsed = JSON.parse(body.text) as { opportunities: unknown; total: number };
  const rows = FeedSchema.parse(parsed.opportunities);
  // Exactly the contract's fields: encode drops unknown ones, so the two would differ.
  expect(FeedSchema.encode(rows)).toEqual(parsed.opportunities);
  return { rows, total: parsed.total };
}

async function openPublicCount() {
  const [row] = await handle.db
    .select({ count: sql<number>`count(*)::int` })
    .from(opportunities)
    .where(and(eq(opportunities.status, "open"), eq(opportunities.visibility, "public")));
  return Number(row?.count ?? 0);
}

describe("the students' feed built by the database", () => {
  it("says of every opportunity what its page says, newest first, with the total of every match", async () => {
    const { rows, total } = await feed();
    expect(total).toBe(await openPublicCount());
    expect(rows.length).toBe(total);
    expect(rows.some((row) => row.startsAt !== null && row.supervisorName !== null)).toBe(true);
    expect(rows.some((row) => row._count.applications > 0)).toBe(true);
    for (const row of rows) {
      expect(row).toEqual(OpportunitySchema.encode(await getOpportunity(handle.db, row.id)));
    }
    const created = rows.map((row) => [row.createdAt, row.id] as const);
    expect(created).toEqual([...created].sort(([a, x], [b, y]) => (a === b ? y - x : b.localeCompare(a))));
  });

  it("pages every order without repeating or skipping one", async () => {
    const sorts: OpportunityListQuery["sort"][] = ["new", "high_reward", "soonest", "recommended"];
    for (const sort of sorts) {
      const all = (await feed({ sort })).rows.map((row) => row.id);
      const pages = [];
      for (let offset = 0; offset < all.length; offset += 4) {
        pages.push(...(await feed({ sort, limit: 4, offset })).rows.map((row) => row.id));
      }
      expect(pages, sort).toEqual(all);
    }
    const paid = (await feed({ sort: "high_reward" })).rows.map((row) => row.coinsPerHour);
    expect(paid).toEqual([...paid].sort((a, b) => b - a));
  });

  it("pages the orders ranked per row, by a student's interests and by a search's relevance, the same way", async () => {
    // A demo student with interests; their match ranks first, so the first page leads with a shared skill or type.
    const [student] = await handle.db
      .select({ id: users.id, skills: users.interestSkills, types: users.interestTypes })
      .from(users)
      .where(and(eq(users.role, "student"), sql`cardinality(${users.interestSkills}) > 0`))
      .limit(1);
    if (!student) throw new Error("no demo student with interests");
    const ranked: Partial<OpenOpportunitiesQuery>[] = [
      { sort: "recommended", interests: { skills: student.skills, types: student.types } },
      { sort: "relevance", search: "students" },
    ];
    for (const query of ranked) {
      const all = (await feed(query)).rows;
      expect(all.length, query.sort).toBeGreaterThan(3);
      const pages = [];
      for (let offset = 0; offset < all.length; offset += 2) {
        pages.push(...(await feed({ ...query, limit: 2, offset })).rows.map((row) => row.id));
      }
      expect(pages, query.sort).toEqual(all.map((row) => row.id));
    }
    const [first] = (await feed(ranked[0])).rows;
    const interests = new Set<string>([...(student.skills ?? []), ...(student.types ?? [])]);
    const shares =
      first !== undefined && [...first.skills, first.type].some((interest) => interests.has(interest));
    expect(shares).toBe(true);
  });

  it("searches, leaves out what a student applied to, and names a creator who is gone 'Former admin'", async () => {
    const { rows } = await feed();
    const first = rows[0];
    if (!first) throw new Error("no opportunities");
    const searched = await feed({ search: first.title });
    expect(searched.rows[0]?.id).toBe(first.id);
    expect(searched.total).toBe(searched.rows.length);

    const [applied] = await handle.db
      .select({ userId: applications.userId, opportunityId: applications.opportunityId })
      .from(applications)
      .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
      .where(and(eq(opportunities.status, "open"), eq(opportunities.visibility, "public")))
      .limit(1);
    if (!applied) throw new Error("no application to an open opportunity");
    const hidden = await feed({ notAppliedBy: applied.userId });
    expect(hidden.rows.map((row) => row.id)).not.toContain(applied.opportunityId);
    expect(hidden.total).toBe(hidden.rows.length);
    expect(hidden.total).toBeLessThan(rows.length);

    const creatorId = first.createdBy ?? 0;
    await handle.db.delete(users).where(eq(users.id, creatorId));
    const orphaned = (await feed()).rows.filter((row) => row.createdBy === null);
    expect(orphaned.length).toBeGreaterThan(0);
    for (const row of orphaned) expect(row.creator).toEqual(FORMER_ADMIN);
  });

  it("counts what a student has not applied to, however often they applied and wherever", async () => {
    const [student] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "student"))
      .limit(1);
    const open = await handle.db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(and(eq(opportunities.status, "open"), eq(opportunities.visibility, "public")))
      .limit(2);
    const [elsewhere] = await handle.db
      .select({ id: opportunities.id })
      .from(opportunities)
      .where(sql`${opportunities.status} <> 'open' or ${opportunities.visibility} <> 'public'`)
      .limit(1);
    const [twice, once] = open;
    if (!student || !twice || !once || !elsewhere)
      throw new Error("the demo lacks a student or opportunities");
    await handle.db.delete(applications).where(eq(applications.userId, student.id));
    // Withdrawn and applied again to one, applied once to another, and to one the feed does not list.
    await handle.db.insert(applications).values([
      { userId: student.id, opportunityId: twice.id, status: "withdrawn" },
      { userId: student.id, opportunityId: twice.id, status: "pending" },
      { userId: student.id, opportunityId: once.id, status: "accepted" },
      { userId: student.id, opportunityId: elsewhere.id, status: "pending" },
    ]);
    const hidden = await feed({ notAppliedBy: student.id });
    expect(hidden.total).toBe((await openPublicCount()) - 2);
    expect(hidden.rows.length).toBe(hidden.total);
    expect(hidden.rows.map((row) => row.id)).not.toContain(twice.id);
    expect(hidden.rows.map((row) => row.id)).not.toContain(once.id);
    // A page of it says the same total, in reward order too.
    expect((await feed({ notAppliedBy: student.id, sort: "recommended", limit: 2 })).total).toBe(
      hidden.total,
    );
  });

  it("answers a page past the end with no opportunities and still the total, filtered or not", async () => {
    const total = await openPublicCount();
    expect(await feed({ offset: total + 10 })).toEqual({ rows: [], total });
    const searched = await feed({ search: "teach" });
    expect(searched.total).toBeGreaterThan(0);
    expect(await feed({ search: "teach", offset: searched.total })).toEqual({
      rows: [],
      total: searched.total,
    });
  });
});
