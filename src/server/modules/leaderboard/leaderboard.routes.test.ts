// The leaderboard against a reference computed here, independently, from the raw ledger and applications of a
// generated history spanning several months and terms.

import { applications, coinLedger, users } from "@server/db/schema";
import type { Timeframe } from "@shared/contract/leaderboard";
import { startOfMonth, startOfTerm } from "@shared/domain/periods";
import { as, createTestApp, signIn, type TestContext } from "@test/app";
import { generateHistory } from "@test/history-generator";
import { newActor } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let studentIds: number[];
let opportunityIds: number[];
const PASSWORD = "generated-student-password";

beforeAll(async () => {
  t = await createTestApp();
  const admin = await newActor(t.app, t.db, "admin");
  ({ studentIds, opportunityIds } = await generateHistory(t.db, {
    students: 300,
    opportunities: 40,
    applications: 2500,
    spanDays: 420,
    seed: 7,
    adminId: admin.id,
    password: PASSWORD,
    anonymousShare: 0.2,
  }));
}, 120_000);
afterAll(() => t?.close());

async function reference(timeframe: Timeframe, opportunityId?: number) {
  const now = new Date();
  const since =
    timeframe === "month"
      ? startOfMonth(now)
      : timeframe === "semester"
        ? startOfTerm(now, [1, 7])
        : undefined;
  const ledger = await t.db.select().from(coinLedger);
  const students = new Map(
    (await t.db.select().from(users).where(eq(users.role, "student"))).map((u) => [u.id, u]),
  );
  const done = await t.db.select().from(applications);
  const scores = new Map<number, { score: number; reachedAt: number }>();
  for (const row of ledger) {
    if (since && row.createdAt < since) continue;
    if (opportunityId && row.opportunityId !== opportunityId) continue;
    const entry = scores.get(row.userId) ?? { score: 0, reachedAt: 0 };
    entry.score += row.amount;
    entry.reachedAt = Math.max(entry.reachedAt, row.createdAt.getTime());
    scores.set(row.userId, entry);
  }
  const completed = new Map<number, number>();
  for (const row of done) {
    if (row.status !== "hours_approved" && row.status !== "completed") continue;
    if (opportunityId && row.opportunityId !== opportunityId) continue;
    completed.set(row.userId, (completed.get(row.userId) ?? 0) + 1);
  }
  return [...scores.entries()]
    .filter(([userId, entry]) => entry.score > 0 && students.has(userId))
    .map(([userId, entry]) => ({ userId, ...entry, completed: completed.get(userId) ?? 0 }))
    .sort(
      (a, b) =>
        b.score - a.score || b.completed - a.completed || a.reachedAt - b.reachedAt || a.userId - b.userId,
    );
}

describe("GET /api/leaderboard", () => {
  it("ranks each timeframe exactly like the independent reference, and the orders differ", async () => {
    const viewer = await newActor(t.app, t.db);
    const orders: Record<string, number[]> = {};
    for (const timeframe of ["all", "semester", "month"] as const) {
      const expected = await reference(timeframe);
      const response = await as(t.app, viewer.cookie, {
        method: "GET",
        url: `/api/leaderboard?timeframe=${timeframe}&limit=100`,
      });
      expect(response.statusCode).toBe(200);
      const entries = response.json();
      expect(entries.length).toBe(Math.min(100, expected.length));
      expect(entries.map((entry: { coins: number }) => entry.coins)).toEqual(
        expected.slice(0, 100).map((row) => row.score),
      );
      expect(entries.map((entry: { rank: number }) => entry.rank)).toEqual(
        entries.map((_: unknown, index: number) => index + 1),
      );
      const studentsById = new Map(expected.map((row) => [row.userId, row]));
      for (const [index, entry] of entries.entries()) {
        const want = expected[index];
        if (entry.id === null) expect(entry.anonymizeLeaderboard).toBe(true);
        else expect(entry.id).toBe(want?.userId);
        expect(entry._count.completedApplications).toBe(want?.completed);
        expect(studentsById.has(want?.userId ?? -1)).toBe(true);
      }
      orders[timeframe] = expected.slice(0, 20).map((row) => row.userId);
    }
    expect(orders.all).not.toEqual(orders.semester);
    expect(orders.semester).not.toEqual(orders.month);
  });

  it("narrows to the coins earned on one opportunity", async () => {
    const viewer = await newActor(t.app, t.db);
    const opportunityId = opportunityIds[0] as number;
    const expected = await reference("all", opportunityId);
    const entries = (
      await as(t.app, viewer.cookie, {
        method: "GET",
        url: `/api/leaderboard?opportunityId=${opportunityId}&limit=100`,
      })
    ).json();
    expect(entries.map((entry: { coins: number }) => entry.coins)).toEqual(
      expected.slice(0, 100).map((row) => row.score),
    );
  });

  it("never sends an anonymous student's name or id to anyone else, but shows them their own", async () => {
    const everyone = await t.db.select().from(users).where(eq(users.role, "student"));
    const anonymous = everyone.filter((user) => user.anonymizeLeaderboard && studentIds.includes(user.id));
    expect(anonymous.length).toBeGreaterThan(10);
    const viewer = await newActor(t.app, t.db);
    const admin = await newActor(t.app, t.db, "admin");
    for (const actor of [viewer, admin]) {
      for (const timeframe of ["all", "semester", "month"]) {
        const response = await as(t.app, actor.cookie, {
          method: "GET",
          url: `/api/leaderboard?timeframe=${timeframe}&limit=100`,
        });
        for (const entry of response.json()) {
          if (entry.anonymizeLeaderboard)
            expect([entry.id, entry.firstName, entry.lastName]).toEqual([null, null, null]);
        }
        const ids = new Set(response.json().map((entry: { id: number | null }) => entry.id));
        for (const user of anonymous) expect(ids.has(user.id)).toBe(false);
      }
    }
    // An anonymous student in the top 100 sees their own name.
    const top = (await reference("all"))
      .slice(0, 100)
      .find((row) => anonymous.some((user) => user.id === row.userId));
    const me = anonymous.find((user) => user.id === top?.userId);
    if (!me) throw new Error("no anonymous student ranked");
    const cookie = await signIn(t.app, me.email, PASSWORD);
    const own = (await as(t.app, cookie, { method: "GET", url: "/api/leaderboard?limit=100" })).json();
    const mine = own.find((entry: { isViewer: boolean }) => entry.isViewer);
    expect(mine).toMatchObject({ id: me.id, firstName: me.firstName, lastName: me.lastName });
    const rank = (await as(t.app, cookie, { method: "GET", url: "/api/leaderboard/me" })).json();
    const expected = (await reference("all")).findIndex((row) => row.userId === me.id) + 1;
    expect(rank).toMatchObject({ rank: expected, coins: me.coins });
  });

  it("gives a student their own rank beyond the returned rows, and null before any coins", async () => {
    const ranked = await reference("all");
    const far = ranked[ranked.length - 1];
    const user = (
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, far?.userId ?? 0))
    )[0];
    if (!user || ranked.length <= 50) throw new Error("history too small");
    const cookie = await signIn(t.app, user.email, PASSWORD);
    const top = (await as(t.app, cookie, { method: "GET", url: "/api/leaderboard" })).json();
    expect(top).toHaveLength(50);
    const own = (await as(t.app, cookie, { method: "GET", url: "/api/leaderboard/me?timeframe=all" })).json();
    expect(own).toEqual({
      rank: ranked.length,
      coins: far?.score,
      completedApplications: far?.completed,
      rankedStudents: ranked.length,
    });
    const newcomer = await newActor(t.app, t.db);
    const none = (await as(t.app, newcomer.cookie, { method: "GET", url: "/api/leaderboard/me" })).json();
    expect(none).toMatchObject({ rank: null, coins: 0 });
  });

  it("validates its query and needs a signed-in user", async () => {
    const viewer = await newActor(t.app, t.db);
    for (const query of ["timeframe=year", "limit=0", "limit=101", "opportunityId=abc", "opportunityId=-2"]) {
      expect(
        (await as(t.app, viewer.cookie, { method: "GET", url: `/api/leaderboard?${query}` })).statusCode,
      ).toBe(400);
    }
    expect(
      (await as(t.app, viewer.cookie, { method: "GET", url: "/api/leaderboard?opportunityId=" })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/leaderboard" })).statusCode).toBe(401);
  });
});

describe("GET /api/community/impact", () => {
  it("matches totals computed from the tables and names nobody", async () => {
    const viewer = await newActor(t.app, t.db);
    const response = await as(t.app, viewer.cookie, { method: "GET", url: "/api/community/impact" });
    const students = await t.db.select().from(users).where(eq(users.role, "student"));
    const rows = await t.db.select().from(applications);
    expect(response.json()).toEqual({
      totalCoins: students.reduce((sum, user) => sum + user.coins, 0),
      totalOpportunities: opportunityIds.length,
      activeStudents: new Set(rows.map((row) => row.userId)).size,
      projectsCompleted: rows.filter((row) => row.status === "hours_approved" || row.status === "completed")
        .length,
    });
  });
});
