// The rankings read from the maintained aggregates against a reference ranking computed here from the ledger and
// the applications (the SQL the leaderboard ranked with before the aggregates). The history is generated at a
// fixed "now" over several months and a previous term, with anonymous students, an admin holding coins, and a
// group of students tied on the score whose order each tie-break decides in turn.

import type { DatabaseHandle } from "@server/db/client";
import { applications, coinLedger, users } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import type { Timeframe } from "@shared/contract/leaderboard";
import { startOfMonth, startOfTerm } from "@shared/domain/periods";
import { createTestUser } from "@test/app";
import { createTestDatabase } from "@test/db";
import { generateHistory } from "@test/history-generator";
import { insertOpportunity } from "@test/workflow-helpers";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RankingOptions, rankingPage, studentRank, toLeaderboardEntries } from "./leaderboard.service";

const NOW = new Date("2026-03-10T12:00:00Z");
const TERM_START_MONTHS = [1, 7];
const TIED_SCORE = 5000;
const MINUTE = 60_000;

let handle: DatabaseHandle;
let studentIds: number[];
let opportunityIds: number[];
let adminId: number;
/** In the order the ranking must give them: completed work, then reached first, then the older account. */
let tiedInOrder: number[];

/** A ledger credit and the balance it moves, as an award writes them. */
async function credit(userId: number, amount: number, opportunityId: number, createdAt: Date) {
  await handle.db.insert(coinLedger).values({ userId, amount, reason: "tie", opportunityId, createdAt });
  await handle.db
    .update(users)
    .set({ coins: sql`${users.coins} + ${amount}` })
    .where(eq(users.id, userId));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const admin = await createTestUser(handle.db, { role: "admin" });
  adminId = admin.id;
  ({ studentIds, opportunityIds } = await generateHistory(handle.db, {
    students: 200,
    opportunities: 25,
    applications: 1500,
    spanDays: 300,
    now: NOW,
    seed: 21,
    adminId,
    anonymousShare: 0.3,
  }));
  // Seven students above everyone else with the same score this month, on one opportunity. Created in the order
  // x1 < x2 < y1 < y2 < z1 < z2 < z3 (ids ascending).
  const opportunityId = opportunityIds[0] as number;
  const [x1, x2, y1, y2, z1, z2, z3] = await Promise.all(
    Array.from({ length: 7 }, () => createTestUser(handle.db)),
  ).then((created) => created.map((user) => user.id).sort((a, b) => a - b) as number[]);
  const at = (minutes: number) => new Date(NOW.getTime() - 3 * 86_400_000 + minutes * MINUTE);
  await credit(x1 as number, TIED_SCORE, opportunityId, at(1));
  await credit(x2 as number, TIED_SCORE, opportunityId, at(9));
  await credit(y1 as number, TIED_SCORE, opportunityId, at(4));
  await credit(y2 as number, TIED_SCORE, opportunityId, at(2));
  for (const z of [z1, z2, z3]) await credit(z as number, TIED_SCORE, opportunityId, at(6));
  // x2 completed their work there: ahead of x1 despite reaching the score last and being newer.
  await handle.db.insert(applications).values({ userId: x2 as number, opportunityId, status: "completed" });
  // y2 reached it before y1 (and is newer); the z's are tied on everything but their ids.
  tiedInOrder = [x2, x1, y2, y1, z1, z2, z3] as number[];
  // An admin holding more coins than anyone is no student: ranked nowhere.
  await credit(adminId, TIED_SCORE * 2, opportunityId, at(0));
  // Nor is one tied with the students who reached the score first: counted ahead of none of them.
  const tiedAdmin = await createTestUser(handle.db, { role: "admin" });
  await credit(tiedAdmin.id, TIED_SCORE, opportunityId, at(0));
}, 180_000);

afterAll(() => handle?.close());

interface ReferenceRow {
  id: number;
  score: number;
  completed: number;
}

/** The ranking from the ledger and the applications, every student at once. */
async function reference(timeframe: Timeframe, opportunityId?: number): Promise<ReferenceRow[]> {
  const since =
    timeframe === "month"
      ? startOfMonth(NOW)
      : timeframe === "semester"
        ? startOfTerm(NOW, TERM_START_MONTHS)
        : undefined;
  const onOpportunity = opportunityId ? sql`and opportunity_id = ${opportunityId}` : sql``;
  const fromSince = since ? sql`and created_at >= ${since.toISOString()}::timestamptz` : sql``;
  const result = await handle.db.execute(sql`
    with scores as (
      select user_id, sum(amount)::int as score, max(created_at) as reached_at
      from coin_ledger where true ${fromSince} ${onOpportunity}
      group by user_id having sum(amount) > 0
    ), completed as (
      select user_id, count(*)::int as completed from applications
      where status in ('hours_approved', 'completed') ${onOpportunity}
      group by user_id
    )
    select u.id, s.score, coalesce(c.completed, 0) as completed
    from scores s
    join users u on u.id = s.user_id and u.role = 'student'
    left join completed c on c.user_id = u.id
    order by s.score desc, coalesce(c.completed, 0) desc, s.reached_at asc, u.id asc`);
  return rowsOf<ReferenceRow>(result).map((row) => ({
    id: row.id,
    score: Number(row.score),
    completed: Number(row.completed),
  }));
}

const TIMEFRAMES: Timeframe[] = ["all", "semester", "month"];

function options(timeframe: Timeframe, opportunityId?: number): RankingOptions {
  return { timeframe, opportunityId, termStartMonths: TERM_START_MONTHS, now: NOW };
}

describe("rankings from the maintained aggregates", () => {
  it("orders the tied group by completed work, then reaching the score first, then the older account", async () => {
    for (const timeframe of TIMEFRAMES) {
      for (const opportunityId of [undefined, opportunityIds[0]]) {
        const page = await rankingPage(handle.db, { ...options(timeframe, opportunityId), limit: 7 });
        expect(page.map((row) => row.id)).toEqual(tiedInOrder);
        expect(page.map((row) => row.score)).toEqual(tiedInOrder.map(() => TIED_SCORE));
        expect(page.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      }
    }
  });

  it("gives each timeframe's page exactly as the reference ranks, and the timeframes differ", async () => {
    const tops: Record<string, number[]> = {};
    for (const timeframe of TIMEFRAMES) {
      for (const opportunityId of [undefined, opportunityIds[0], opportunityIds[1], opportunityIds[2]]) {
        const expected = await reference(timeframe, opportunityId);
        const page = await rankingPage(handle.db, { ...options(timeframe, opportunityId), limit: 100 });
        expect(page.map(({ id, score, completed }) => ({ id, score, completed }))).toEqual(
          expected.slice(0, 100),
        );
        if (!opportunityId) tops[timeframe] = expected.slice(7, 40).map((row) => row.id);
      }
    }
    expect(tops.all).not.toEqual(tops.semester);
    expect(tops.semester).not.toEqual(tops.month);
    expect(tops.month?.length).toBeGreaterThan(10);
  });

  it("gives each student their own rank as the reference places them, admins and newcomers none", async () => {
    const newcomer = await createTestUser(handle.db);
    for (const timeframe of TIMEFRAMES) {
      for (const opportunityId of [undefined, opportunityIds[0]]) {
        const expected = await reference(timeframe, opportunityId);
        const sample = [
          ...tiedInOrder,
          ...[1, 0.25, 0.5, 0.9].map((share) => expected[Math.floor((expected.length - 1) * share)]?.id),
          ...studentIds.slice(0, 12),
          adminId,
          newcomer.id,
        ].filter((id): id is number => id !== undefined);
        for (const studentId of sample) {
          const index = expected.findIndex((row) => row.id === studentId);
          const row = expected[index];
          expect(await studentRank(handle.db, { ...options(timeframe, opportunityId), studentId })).toEqual({
            rank: row ? index + 1 : null,
            coins: row?.score ?? 0,
            completedApplications: row?.completed ?? 0,
            rankedStudents: expected.length,
          });
        }
      }
    }
  });

  it("hides anonymous students of the page from everyone but themselves", async () => {
    const page = await rankingPage(handle.db, { ...options("all"), limit: 100 });
    const anonymous = page.filter((row) => row.anonymize);
    expect(anonymous.length).toBeGreaterThan(5);
    const viewerId = anonymous[0]?.id ?? null;
    const seen = toLeaderboardEntries(page, viewerId, 100);
    for (const [index, entry] of seen.entries()) {
      const row = page[index];
      const hidden = row?.anonymize && row.id !== viewerId;
      expect([entry.id, entry.firstName, entry.isViewer]).toEqual(
        hidden ? [null, null, false] : [row?.id, row?.firstName, row?.id === viewerId],
      );
    }
  });
});

it("ranks nobody on an opportunity without coins", async () => {
  const fresh = await insertOpportunity(handle.db, adminId);
  for (const timeframe of TIMEFRAMES) {
    expect(await rankingPage(handle.db, { ...options(timeframe, fresh.id), limit: 50 })).toEqual([]);
    expect(
      await studentRank(handle.db, { ...options(timeframe, fresh.id), studentId: studentIds[0] as number }),
    ).toEqual({ rank: null, coins: 0, completedApplications: 0, rankedStudents: 0 });
  }
});
