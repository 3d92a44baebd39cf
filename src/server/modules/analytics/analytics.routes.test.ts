// Analytics against counts computed here, independently, from the raw rows of a generated history.

import { applicationDaily, applications, opportunities } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import type { Analytics } from "@shared/contract/analytics";
import { OPPORTUNITY_TYPES } from "@shared/domain/enums";
import { as, createTestApp, type TestContext } from "@test/app";
import { generateHistory } from "@test/history-generator";
import { type Actor, newActor } from "@test/workflow-helpers";
import { and, lt, ne, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsStatement, getAnalytics } from "./analytics.service";
import { compactApplicationDaily } from "./daily-compaction";

let t: TestContext;
let admin: Actor;
const DAY = 86_400_000;
const IST = 330 * 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
  await generateHistory(t.db, {
    students: 120,
    opportunities: 30,
    applications: 1500,
    spanDays: 800,
    seed: 11,
    adminId: admin.id,
  });
}, 120_000);
afterAll(() => t?.close());

/** Midnight (India) that ends today, computed without the app's helpers. */
function endOfToday(now: Date) {
  const local = new Date(now.getTime() + IST);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1) - IST;
}

async function expectedFigures(start: number, end: number) {
  const allOpportunities = await t.db.select().from(opportunities);
  const allApplications = await t.db.select().from(applications);
  const inPeriod = allApplications.filter(
    (a) => a.appliedAt.getTime() >= start && a.appliedAt.getTime() < end,
  );
  const existing = allOpportunities.filter((o) => o.createdAt.getTime() < end).length;
  const completed = inPeriod.filter((a) => a.status === "hours_approved" || a.status === "completed").length;
  return {
    totalOpportunities: existing,
    totalApplications: inPeriod.length,
    averageApplyRate: existing ? Math.round((inPeriod.length / existing) * 10) / 10 : 0,
    completionRate: inPeriod.length ? Math.round((completed / inPeriod.length) * 1000) / 10 : 0,
    inPeriod,
    allOpportunities,
  };
}

/** An analytics body for the `days` school days ending at `end` against counts made here from the raw rows. */
async function expectMatchesHistory(body: Analytics, days: number, end: number) {
  const start = end - days * DAY;
  const expected = await expectedFigures(start, end);
  const previous = await expectedFigures(start - days * DAY, start);
  expect(body).toMatchObject({
    dateRange: days,
    totalOpportunities: expected.totalOpportunities,
    totalApplications: expected.totalApplications,
    averageApplyRate: expected.averageApplyRate,
    completionRate: expected.completionRate,
    previousPeriod: {
      totalOpportunities: previous.totalOpportunities,
      totalApplications: previous.totalApplications,
      averageApplyRate: previous.averageApplyRate,
      completionRate: previous.completionRate,
    },
  });
  expect(body.applicationsOverTime).toHaveLength(days);
  // Every school day of the range in order, the last one the range's last (India).
  const schoolDay = (instant: number) => new Date(instant + IST).toISOString().slice(0, 10);
  expect(body.applicationsOverTime.map((point) => point.date)).toEqual(
    Array.from({ length: days }, (_, index) => schoolDay(start + index * DAY)),
  );
  expect(body.applicationsOverTime.at(-1)?.date).toBe(schoolDay(end - DAY));
  const byDay = new Map<string, number>();
  for (const application of expected.inPeriod) {
    const day = new Date(application.appliedAt.getTime() + IST).toISOString().slice(0, 10);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  for (const point of body.applicationsOverTime) expect(point.count).toBe(byDay.get(point.date) ?? 0);
  expect(body.applicationsOverTime.reduce((sum, point) => sum + point.count, 0)).toBe(
    expected.totalApplications,
  );
  const typeOf = new Map(expected.allOpportunities.map((o) => [o.id, o.type]));
  expect(body.applicationsByType).toEqual(
    OPPORTUNITY_TYPES.map((type) => ({
      type,
      count: expected.inPeriod.filter((a) => typeOf.get(a.opportunityId) === type).length,
    })),
  );
  for (const value of [body.totalOpportunities, body.averageApplyRate, body.completionRate])
    expect(typeof value).toBe("number");
}

describe("GET /api/analytics", () => {
  it.each([7, 30, 90, 365])(
    "matches independent counts for %i days, with the previous period",
    async (days) => {
      const response = await as(t.app, admin.cookie, {
        method: "GET",
        url: `/api/analytics?dateRange=${days}`,
      });
      expect(response.statusCode).toBe(200);
      await expectMatchesHistory(response.json(), days, endOfToday(new Date()));
    },
  );

  it("has data in the longer ranges, so the comparisons above are not vacuous", async () => {
    const response = await as(t.app, admin.cookie, { method: "GET", url: "/api/analytics?dateRange=365" });
    expect(response.json().totalApplications).toBeGreaterThan(100);
    expect(response.json().previousPeriod.totalApplications).toBeGreaterThan(100);
  });

  it("defaults to 30 days, refuses other ranges and non-admins", async () => {
    expect((await as(t.app, admin.cookie, { method: "GET", url: "/api/analytics" })).json().dateRange).toBe(
      30,
    );
    for (const range of ["14", "abc", "-7", "30.5"]) {
      expect(
        (await as(t.app, admin.cookie, { method: "GET", url: `/api/analytics?dateRange=${range}` }))
          .statusCode,
      ).toBe(400);
    }
    const student = await newActor(t.app, t.db);
    expect((await as(t.app, student.cookie, { method: "GET", url: "/api/analytics" })).statusCode).toBe(403);
  });

  it("sends its bounds in the statement's text, one text per range and school day (planned once, ADR 0060)", () => {
    const dialect = new PgDialect();
    // 09:00 in India on 15 July 2026: the week is 9–15 July, the week before 2–8 July.
    const now = new Date("2026-07-15T03:30:00.000Z");
    const week = dialect.sqlToQuery(analyticsStatement(7, now));
    expect(week.params).toEqual([]);
    expect(week.sql).toContain("day >= '2026-07-02'::date");
    expect(week.sql).toContain("day < '2026-07-16'::date");
    expect(week.sql).toContain("created_at >= '2026-07-08T18:30:00.000Z'::timestamptz");
    // The same range later the same school day is the same text; the next day's is another.
    expect(dialect.sqlToQuery(analyticsStatement(7, new Date("2026-07-15T18:29:00.000Z"))).sql).toBe(
      week.sql,
    );
    expect(dialect.sqlToQuery(analyticsStatement(7, new Date("2026-07-15T18:30:00.000Z"))).sql).not.toBe(
      week.sql,
    );
  });
});

describe("the daily counts folded by the scheduler", () => {
  const RANGES = [7, 30, 90, 365];
  const bodies = async () =>
    Promise.all(
      RANGES.map(async (days) =>
        (await as(t.app, admin.cookie, { method: "GET", url: `/api/analytics?dateRange=${days}` })).json(),
      ),
    );

  it("keep every figure and every aggregate check in one row per past day and type, and fold again after a change", async () => {
    const before = await bodies();
    const rows = async () => (await t.db.select({ day: applicationDaily.day }).from(applicationDaily)).length;
    const stored = await rows();
    const removed = await compactApplicationDaily(t.db);
    expect(removed).toBeGreaterThan(0);
    expect(await rows()).toBe(stored - removed);
    const today = new Date(endOfToday(new Date()) - DAY).toISOString().slice(0, 10);
    const scattered = await t.db
      .select({ day: applicationDaily.day })
      .from(applicationDaily)
      .where(and(lt(applicationDaily.day, today), ne(applicationDaily.shard, 0)));
    expect(scattered).toEqual([]);
    expect(await bodies()).toEqual(before);
    expect(await findLedgerProblems(t.db)).toEqual([]);

    // An old application completed now counts in its own shard again, until the next pass folds it in.
    await t.db.execute(sql`update applications set status = 'completed'
      where id = (select id from applications where status = 'pending'
        and applied_at < now() - interval '30 days' order by id limit 1)`);
    expect(await findLedgerProblems(t.db)).toEqual([]);
    expect(await compactApplicationDaily(t.db)).toBe(1);
    expect(await findLedgerProblems(t.db)).toEqual([]);
    expect(await compactApplicationDaily(t.db)).toBe(0);
  });

  it("read whole months from the fold's sums and the days around them, on any day of the month", async () => {
    await compactApplicationDaily(t.db);
    // Live rows in the past too: an old application completed after the fold, counted in its own shard.
    await t.db.execute(sql`update applications set status = 'completed'
      where id = (select id from applications where status = 'pending'
        and applied_at < now() - interval '40 days' order by id limit 1)`);
    // Ranges that start or end on a month's first day, cross a year's end or hold no whole month.
    const endsOfDays = ["2026-12-01", "2026-11-01", "2026-01-01", "2026-03-02", "2026-07-16", "2026-10-31"];
    for (const endDay of endsOfDays) {
      // Noon in India on the range's last day.
      const now = new Date(Date.parse(`${endDay}T00:00:00Z`) - DAY + 12 * 3_600_000 - IST);
      for (const days of [7, 30, 90, 365])
        await expectMatchesHistory(await getAnalytics(t.db, days, now), days, endOfToday(now));
    }
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });

  it("take a deleted opportunity's applications out of the folded days too", async () => {
    await compactApplicationDaily(t.db);
    // The opportunity with the most applications made before today: their days are folded into shard 0.
    const [busiest] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select opportunity_id as id from applications
        where applied_at < now() - interval '2 days' group by 1 order by count(*) desc limit 1`),
    );
    const removal = await as(t.app, admin.cookie, {
      method: "DELETE",
      url: `/api/opportunities/${busiest?.id}`,
    });
    expect(removal.statusCode).toBeLessThan(300);
    expect(await findLedgerProblems(t.db)).toEqual([]);
    const end = endOfToday(new Date());
    const expected = await expectedFigures(end - 365 * DAY, end);
    const [, , , year] = await bodies();
    expect(year.totalApplications).toBe(expected.totalApplications);
    // The next fold merges what the removal wrote back into one row per past day and type.
    await compactApplicationDaily(t.db);
    expect(await findLedgerProblems(t.db)).toEqual([]);
    expect((await bodies())[3]).toEqual(year);
  });
});
