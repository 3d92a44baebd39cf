// The maintained aggregates (ADR 0042) through the real paths that move them, on whichever engine the suite runs:
// after each path every aggregate equals its definition (findLedgerProblems runs AGGREGATE_CHECKS) and the one the
// path moves holds the value expected here. Tampering with each table makes the check name it, so the check can
// fail; and the SQL calendar helpers agree with src/shared/domain/periods.ts, which the reads compute ranges by.

import {
  applicationDaily,
  coinTotals,
  communityTotals,
  hourSubmissions,
  opportunities,
  opportunityCoinTotals,
  opportunityTotals,
  periodCounts,
  scoreCounts,
  studentTotals,
} from "@server/db/schema";
import { syncSchoolCalendar } from "@server/db/school-calendar";
import { rowsOf } from "@server/lib/sql";
import type { OpportunityType } from "@shared/domain/enums";
import { schoolDate, startOfMonth, startOfSchoolDay, startOfTerm } from "@shared/domain/periods";
import { createTestApp, TEST_APP_CONFIG, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerificationToken, verificationKeyOf } from "../supervision/verification-link";
import { AGGREGATE_CHECKS } from "./aggregate-check";
import { findLedgerProblems } from "./ledger-check";

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
}, 60_000);
afterAll(() => t?.close());

const ZERO_TOTALS = {
  applications: 0,
  pending: 0,
  accepted: 0,
  hoursSubmitted: 0,
  completed: 0,
  rejected: 0,
  withdrawn: 0,
  completedHours: 0,
};

async function expectConsistent() {
  expect(await findLedgerProblems(t.db)).toEqual([]);
}

async function totalsOf(opportunityId: number) {
  const [row] = await t.db
    .select()
    .from(opportunityTotals)
    .where(eq(opportunityTotals.opportunityId, opportunityId));
  const { opportunityId: _, ...totals } = row ?? { opportunityId, ...ZERO_TOTALS };
  return { ...totals, completedHours: Number(totals.completedHours) };
}

const isoDay = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
const today = () => isoDay(schoolDate(new Date()));

/** Today's applications of one type, summed over the shards. */
async function dailyOf(type: string, day = today()) {
  const [row] = await t.db
    .select({
      applications: sql<number>`coalesce(sum(${applicationDaily.applications}), 0)::int`,
      completed: sql<number>`coalesce(sum(${applicationDaily.completed}), 0)::int`,
    })
    .from(applicationDaily)
    .where(and(eq(applicationDaily.day, day), eq(applicationDaily.type, type)));
  return { applications: Number(row?.applications ?? 0), completed: Number(row?.completed ?? 0) };
}

async function community() {
  const [row] = await t.db
    .select({
      totalCoins: sql<number>`sum(${communityTotals.totalCoins})::int`,
      publicOpportunities: sql<number>`sum(${communityTotals.publicOpportunities})::int`,
      activeStudents: sql<number>`sum(${communityTotals.activeStudents})::int`,
      projectsCompleted: sql<number>`sum(${communityTotals.projectsCompleted})::int`,
    })
    .from(communityTotals);
  return {
    totalCoins: Number(row?.totalCoins),
    publicOpportunities: Number(row?.publicOpportunities),
    activeStudents: Number(row?.activeStudents),
    projectsCompleted: Number(row?.projectsCompleted),
  };
}

async function coinRowsOf(userId: number) {
  return t.db
    .select({ kind: coinTotals.kind, periodStart: coinTotals.periodStart, coins: coinTotals.coins })
    .from(coinTotals)
    .where(eq(coinTotals.userId, userId))
    .orderBy(coinTotals.kind);
}

/** Users counted at each of `balances` in the shard of `userId` (each row of score_counts is one shard). */
async function balancesCounted(userId: number, balances: number[]) {
  const rows = await t.db
    .select({ coins: scoreCounts.coins, users: scoreCounts.users })
    .from(scoreCounts)
    .where(and(eq(scoreCounts.shard, userId % 16), sql`${scoreCounts.coins} in ${balances}`));
  return balances.map((coins) => rows.find((row) => row.coins === coins)?.users ?? 0);
}

/** Opportunities counted per status, summed over the shards (opportunity_counts). */
async function opportunitiesCounted() {
  const rows = rowsOf<{ status: string; opportunities: number }>(
    await t.db.execute(sql`select status, sum(opportunities)::int as opportunities from opportunity_counts
      group by 1 having sum(opportunities) <> 0`),
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.opportunities)]));
}

/** Applications counted per status across the school, summed over the shards (application_counts). */
async function applicationsCounted() {
  const rows = rowsOf<{ status: string; applications: number }>(
    await t.db.execute(sql`select status, sum(applications)::int as applications from application_counts
      group by 1 having sum(applications) <> 0`),
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.applications)]));
}

/** The first school days of this month and this term (the test app's terms start in January and July). */
function thisPeriodStarts() {
  return {
    month: isoDay({ ...schoolDate(new Date()), day: 1 }),
    term: isoDay({ ...schoolDate(startOfTerm(new Date(), [1, 7])), day: 1 }),
  };
}

/** Users counted with coins this month and this term, in the shard of `userId` (period_counts). */
async function periodUsersCounted(userId: number) {
  const periods = thisPeriodStarts();
  const rows = await t.db
    .select({ kind: periodCounts.kind, periodStart: periodCounts.periodStart, users: periodCounts.users })
    .from(periodCounts)
    .where(eq(periodCounts.shard, userId % 16));
  const counted = (kind: "month" | "term") =>
    rows.find((row) => row.kind === kind && row.periodStart === periods[kind])?.users ?? 0;
  return { month: counted("month"), term: counted("term") };
}

async function completedOf(userId: number) {
  const [row] = await t.db.select().from(studentTotals).where(eq(studentTotals.userId, userId));
  return row?.completed ?? 0;
}

/** A fresh opportunity of its own, so its totals start at zero. */
async function opportunity(type: OpportunityType = "teaching", maxCoins = 500) {
  return insertOpportunity(t.db, admin.id, { type, maxCoins, totalRequiredHours: null });
}

/** A student whose application was approved for `hours` hours and `coins` coins. */
async function paidStudent(opportunityId: number, hours: number, coins: number) {
  const student = await newActor(t.app, t.db);
  const id = await flow.accepted(admin, student, opportunityId);
  expect((await flow.submit(student, id, hours)).statusCode).toBe(200);
  const approved = await flow.approve(admin, id, coins);
  expect(approved.statusCode, approved.body).toBe(200);
  return { student, id };
}

describe("the aggregates along each path", () => {
  it("apply, withdraw, accept and reject move the opportunity's statuses and today's applications", async () => {
    const { id: opportunityId, type } = await opportunity("donation");
    const dayBefore = await dailyOf(type);
    const activeBefore = (await community()).activeStudents;
    const schoolBefore = await applicationsCounted();
    /** How the school's count of each status moved since the test began. */
    const schoolMoved = async () => {
      const now = await applicationsCounted();
      return Object.fromEntries(
        ["pending", "accepted", "rejected", "withdrawn"].map((status) => [
          status,
          (now[status] ?? 0) - (schoolBefore[status] ?? 0),
        ]),
      );
    };
    const [one, two, three] = [
      await newActor(t.app, t.db),
      await newActor(t.app, t.db),
      await newActor(t.app, t.db),
    ];
    const first = await flow.apply(one, opportunityId);
    const second = await flow.apply(two, opportunityId);
    const third = await flow.apply(three, opportunityId);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({ applications: 3, pending: 3 });
    expect(await dailyOf(type)).toEqual({ applications: dayBefore.applications + 3, completed: 0 });
    expect((await community()).activeStudents).toBe(activeBefore + 3);
    expect(await schoolMoved()).toEqual({ pending: 3, accepted: 0, rejected: 0, withdrawn: 0 });

    const withdrawn = await flow.call(one, "POST", `/api/applications/${first}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({ applications: 3, pending: 2, withdrawn: 1 });

    expect((await flow.setStatus(admin, second, { status: "accepted" })).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({ pending: 1, accepted: 1 });

    expect((await flow.setStatus(admin, third, { status: "rejected" })).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({
      applications: 3,
      pending: 0,
      accepted: 1,
      rejected: 1,
      withdrawn: 1,
    });
    expect(await schoolMoved()).toEqual({ pending: 0, accepted: 1, rejected: 1, withdrawn: 1 });
  });

  it("submit, approve (paying), reject hours and complete move hours, completions and coins", async () => {
    const { id: opportunityId, type } = await opportunity("mentoring");
    const dayBefore = await dailyOf(type);
    const completedBefore = (await community()).projectsCompleted;
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunityId);

    expect((await flow.submit(student, id, 3)).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({ accepted: 0, hoursSubmitted: 1 });

    expect((await flow.reject(admin, id, "Please describe the sessions")).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({
      accepted: 1,
      hoursSubmitted: 0,
      completedHours: 0,
    });

    expect((await flow.submit(student, id, 3)).statusCode).toBe(200);
    expect((await flow.approve(admin, id, 30)).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({ applications: 1, completed: 1, completedHours: 3 });
    expect(await dailyOf(type)).toEqual({
      applications: dayBefore.applications + 1,
      completed: dayBefore.completed + 1,
    });
    expect(await completedOf(student.id)).toBe(1);
    expect((await community()).projectsCompleted).toBe(completedBefore + 1);
    const { month, term } = thisPeriodStarts();
    expect(await coinRowsOf(student.id)).toEqual([
      { kind: "month", periodStart: month, coins: 30 },
      { kind: "term", periodStart: term, coins: 30 },
    ]);
    const [perOpportunity] = await t.db
      .select({ coins: opportunityCoinTotals.coins })
      .from(opportunityCoinTotals)
      .where(eq(opportunityCoinTotals.userId, student.id));
    expect(perOpportunity?.coins).toBe(30);

    const completed = await flow.setStatus(admin, id, {
      status: "completed",
      coinsAwarded: 20,
      hoursCompleted: 1.5,
      adminFeedback: "Thank you",
    });
    expect(completed.statusCode, completed.body).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({ completed: 1, completedHours: 4.5 });
    expect(await completedOf(student.id)).toBe(1);
    expect((await coinRowsOf(student.id)).map((row) => row.coins)).toEqual([50, 50]);
  });

  it("an automatic approval on the supervisor's confirmation pays, counts and fills the opportunity", async () => {
    const { id: opportunityId } = await insertOpportunity(t.db, admin.id, {
      type: "mentoring",
      verification: "supervisor",
      supervisorName: "Asha Rao",
      supervisorEmail: "asha.rao@school.example.org",
      autoApproveMaxHours: 5,
      totalRequiredHours: 4,
      coinsPerHour: 10,
      maxCoins: 500,
    });
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunityId);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    const [submission] = await t.db
      .select()
      .from(hourSubmissions)
      .where(eq(hourSubmissions.applicationId, id));
    const token = createVerificationToken(
      verificationKeyOf(TEST_APP_CONFIG.sessionSecret),
      submission?.id ?? 0,
    );
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/api/supervision/decide",
      payload: { token, decision: "confirm" },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toMatchObject({
      hoursSubmitted: 0,
      completed: 1,
      completedHours: 4,
    });
    expect(await completedOf(student.id)).toBe(1);
    // The target is read from the totals the approval moved in its own transaction (pay-award.ts).
    const [filled] = await t.db
      .select({ status: opportunities.status })
      .from(opportunities)
      .where(eq(opportunities.id, opportunityId));
    expect(filled?.status).toBe("filled");
  });

  it("counts each student at their balance, moving them as awards and corrections move it", async () => {
    const student = await newActor(t.app, t.db);
    // Balances no other test gives, so the counts at them are this student's alone in their shard.
    const balances = [977, 977 + 311, 977 + 311 - 5];
    for (const [coins, expected] of [
      [977, [1, 0, 0]],
      [311, [0, 1, 0]],
    ] as const) {
      const id = await flow.accepted(admin, student, (await opportunity("teaching", 1000)).id);
      expect((await flow.submit(student, id, 1)).statusCode).toBe(200);
      expect((await flow.approve(admin, id, coins)).statusCode).toBe(200);
      expect(await balancesCounted(student.id, balances)).toEqual(expected);
      await expectConsistent();
    }
    // A balance corrected by hand, with the ledger row and the application it pays.
    await t.db.execute(sql`with corrected as (update coin_ledger set amount = amount - 5
        where id = (select max(id) from coin_ledger where user_id = ${student.id}) returning application_id)
      update applications set coins_awarded = coins_awarded - 5 where id = (select application_id from corrected)`);
    await t.db.execute(sql`update users set coins = coins - 5 where id = ${student.id}`);
    expect(await balancesCounted(student.id, balances)).toEqual([0, 0, 1]);
    await expectConsistent();
  });

  it("counts a student with coins in this month and term once however many awards, and not once back to 0", async () => {
    const student = await newActor(t.app, t.db);
    const before = await periodUsersCounted(student.id);
    const plus = (users: number) => ({ month: before.month + users, term: before.term + users });
    for (const coins of [40, 25]) {
      const id = await flow.accepted(admin, student, (await opportunity("mentoring")).id);
      expect((await flow.submit(student, id, 1)).statusCode).toBe(200);
      expect((await flow.approve(admin, id, coins)).statusCode).toBe(200);
      // Counted at the first award; the second moves the student's totals but not the count.
      expect(await periodUsersCounted(student.id)).toEqual(plus(1));
      await expectConsistent();
    }
    // A correction that takes the 65 coins back (a ledger row of its own) leaves the student none this period.
    await t.db.execute(
      sql`insert into coin_ledger (user_id, amount, reason) values (${student.id}, -65, 'Correction')`,
    );
    await t.db.execute(sql`update users set coins = 0 where id = ${student.id}`);
    expect(await periodUsersCounted(student.id)).toEqual(plus(0));
    await expectConsistent();
  });

  it("deleting a student with coins and applications takes their part out of every total", async () => {
    const { id: opportunityId, type } = await opportunity("community_service");
    const { student } = await paidStudent(opportunityId, 2, 25);
    const before = await community();
    const dayBefore = await dailyOf(type);
    expect((await flow.call(student, "DELETE", "/api/auth/account")).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toEqual(ZERO_TOTALS);
    expect(await dailyOf(type)).toEqual({
      applications: dayBefore.applications - 1,
      completed: dayBefore.completed - 1,
    });
    expect(await coinRowsOf(student.id)).toEqual([]);
    expect(await community()).toMatchObject({
      totalCoins: before.totalCoins - 25,
      activeStudents: before.activeStudents - 1,
      projectsCompleted: before.projectsCompleted - 1,
    });
  });

  it("deleting an opportunity with paid applications keeps the coins and drops its applications", async () => {
    const { id: opportunityId, type } = await opportunity("donation");
    const { student } = await paidStudent(opportunityId, 2, 40);
    const before = await community();
    const dayBefore = await dailyOf(type);
    expect((await flow.call(admin, "DELETE", `/api/opportunities/${opportunityId}`)).statusCode).toBe(200);
    await expectConsistent();
    expect(await totalsOf(opportunityId)).toEqual(ZERO_TOTALS);
    expect(await dailyOf(type)).toEqual({
      applications: dayBefore.applications - 1,
      completed: dayBefore.completed - 1,
    });
    expect((await coinRowsOf(student.id)).map((row) => row.coins)).toEqual([40, 40]);
    expect(await community()).toMatchObject({
      totalCoins: before.totalCoins,
      publicOpportunities: before.publicOpportunities - 1,
      projectsCompleted: before.projectsCompleted - 1,
    });
  });

  it("changing an opportunity's type and visibility moves its applications and the public count", async () => {
    const created = await opportunity("teaching");
    await paidStudent(created.id, 1, 10);
    const teaching = await dailyOf("teaching");
    const mentoring = await dailyOf("mentoring");
    const before = await community();
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      shareToken: _s,
      searchVector: _v,
      createdBy: _b,
      ...input
    } = created;
    const response = await flow.call(admin, "PUT", `/api/opportunities/${created.id}`, {
      ...input,
      startsAt: null,
      endsAt: null,
      type: "mentoring",
      visibility: "private",
    });
    expect(response.statusCode, response.body).toBe(200);
    await expectConsistent();
    expect(await dailyOf("teaching")).toEqual({
      applications: teaching.applications - 1,
      completed: teaching.completed - 1,
    });
    expect(await dailyOf("mentoring")).toEqual({
      applications: mentoring.applications + 1,
      completed: mentoring.completed + 1,
    });
    expect((await community()).publicOpportunities).toBe(before.publicOpportunities - 1);
  });

  it("promoting a student with coins to admin takes their balance out of the community's coins", async () => {
    const { id: opportunityId } = await opportunity("teaching");
    const { student } = await paidStudent(opportunityId, 1, 15);
    const before = await community();
    const promoted = await flow.call(admin, "POST", "/api/admin/administrators", { email: student.email });
    expect(promoted.statusCode, promoted.body).toBe(200);
    await expectConsistent();
    expect((await community()).totalCoins).toBe(before.totalCoins - 15);
  });

  it("counts the opportunities of each status as they are made, closed and deleted, and not on an edit", async () => {
    const before = await opportunitiesCounted();
    const count = (counts: Record<string, number>, status: string) => counts[status] ?? 0;
    const { id } = await opportunity("teaching");
    expect(count(await opportunitiesCounted(), "open")).toBe(count(before, "open") + 1);
    const closed = await flow.call(admin, "PATCH", `/api/opportunities/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    await expectConsistent();
    const afterClose = await opportunitiesCounted();
    expect([count(afterClose, "open"), count(afterClose, "closed")]).toEqual([
      count(before, "open"),
      count(before, "closed") + 1,
    ]);
    await t.db.execute(sql`update opportunities set title = title || ' (edited)' where id = ${id}`);
    expect(await opportunitiesCounted()).toEqual(afterClose);
    expect((await flow.call(admin, "DELETE", `/api/opportunities/${id}`)).statusCode).toBe(200);
    await expectConsistent();
    expect(await opportunitiesCounted()).toEqual(before);
  });

  it("re-cuts the term totals when the term start months change, and back", async () => {
    const { id: opportunityId } = await opportunity("teaching");
    const { student } = await paidStudent(opportunityId, 1, 12);
    const now = new Date();
    for (const months of [
      [2, 5, 9, 12],
      [1, 7],
    ]) {
      expect(await syncSchoolCalendar(t.db, months)).toBe(true);
      await expectConsistent();
      const termRow = (await coinRowsOf(student.id)).find((row) => row.kind === "term");
      expect(termRow).toEqual({
        kind: "term",
        periodStart: isoDay(schoolDate(startOfTerm(now, months))),
        coins: 12,
      });
    }
  });

  // The app moves one application a statement, which takes the triggers' scalar path (ADR 0075); these statements
  // take the set-based one, and both must move every count as each row's move alone would.
  it("counts statements moving several applications, or one to another opportunity, as each move alone", async () => {
    const first = await opportunity("teaching");
    const second = await opportunity("mentoring");
    const students = [await newActor(t.app, t.db), await newActor(t.app, t.db)];
    const counted = await applicationsCounted();
    const before = await community();
    const inserted = rowsOf<{ id: number }>(
      await t.db.execute(sql`insert into applications (user_id, opportunity_id, status)
        values (${students[0]?.id}, ${first.id}, 'pending'), (${students[1]?.id}, ${first.id}, 'pending')
        returning id`),
    ).map((row) => row.id);
    await expectConsistent();
    expect(await totalsOf(first.id)).toEqual({ ...ZERO_TOTALS, applications: 2, pending: 2 });
    expect(await community()).toMatchObject({ activeStudents: before.activeStudents + 2 });

    // Completed without hours: the check holds an application's hours to its approved submissions.
    await t.db.execute(
      sql`update applications set status = 'completed' where id in (${inserted[0]}, ${inserted[1]})`,
    );
    await expectConsistent();
    expect(await totalsOf(first.id)).toEqual({ ...ZERO_TOTALS, applications: 2, completed: 2 });
    expect(await community()).toMatchObject({ projectsCompleted: before.projectsCompleted + 2 });
    expect((await applicationsCounted()).completed ?? 0).toBe((counted.completed ?? 0) + 2);

    await t.db.execute(sql`update applications set opportunity_id = ${second.id} where id = ${inserted[0]}`);
    await expectConsistent();
    expect(await totalsOf(first.id)).toEqual({ ...ZERO_TOTALS, applications: 1, completed: 1 });
    expect(await totalsOf(second.id)).toEqual({ ...ZERO_TOTALS, applications: 1, completed: 1 });

    await t.db.execute(sql`delete from applications where id in (${inserted[0]}, ${inserted[1]})`);
    await expectConsistent();
    expect(await totalsOf(first.id)).toEqual(ZERO_TOTALS);
    expect(await totalsOf(second.id)).toEqual(ZERO_TOTALS);
    expect(await community()).toMatchObject({
      activeStudents: before.activeStudents,
      projectsCompleted: before.projectsCompleted,
    });
    expect(await applicationsCounted()).toEqual(counted);
  });

  it("a rebuild leaves every aggregate as the triggers kept it", async () => {
    const snapshot = async () =>
      Promise.all(
        [
          sql`select kind, period_start::text, user_id, coins, reached_at::text from coin_totals where coins <> 0 order by 1, 2, 3`,
          sql`select opportunity_id, user_id, coins, reached_at::text from opportunity_coin_totals where coins <> 0 order by 1, 2`,
          sql`select user_id, completed, last_award_at::text from student_totals order by 1`,
          sql`select opportunity_id, applications, pending, accepted, hours_submitted, completed, rejected, withdrawn,
              completed_hours::float8 from opportunity_totals where applications <> 0 or completed_hours <> 0 order by 1`,
          sql`select shard, total_coins, public_opportunities, active_students, projects_completed from community_totals order by 1`,
          // Per day and type: the triggers count into the live shards, the rebuild into shard 0 (the folded form).
          sql`select day::text, type, sum(applications)::int as applications, sum(completed)::int as completed
              from application_daily group by 1, 2 having sum(applications) <> 0 or sum(completed) <> 0 order by 1, 2`,
          sql`select coins, shard, users from score_counts where users <> 0 order by 1, 2`,
          sql`select kind, period_start::text, shard, users from period_counts where users <> 0 order by 1, 2, 3`,
          sql`select status, visibility, shard, opportunities from opportunity_counts where opportunities <> 0
            order by 1, 2, 3`,
          sql`select status, shard, applications from application_counts where applications <> 0 order by 1, 2`,
          sql`select kind, period_start::text, coins, shard, users from period_score_counts where users <> 0
            order by 1, 2, 3, 4`,
        ].map(async (query) => rowsOf(await t.db.execute(query))),
      );
    const kept = await snapshot();
    expect(kept.every((rows) => rows.length > 0)).toBe(true);
    await t.db.execute(sql`select seva_rebuild_aggregates()`);
    expect(await snapshot()).toEqual(kept);
    const shards = rowsOf<{ shard: number }>(
      await t.db.execute(sql`select distinct shard from application_daily`),
    );
    expect(shards.map(({ shard }) => Number(shard))).toEqual([0]);
    await expectConsistent();
  });
});

describe("the check itself", () => {
  // One update per aggregate table, each named by the check of that table (AGGREGATE_CHECKS, in order).
  const tampering = [
    sql`update coin_totals set coins = coins + 1 where ctid = (select ctid from coin_totals limit 1)`,
    sql`update opportunity_coin_totals set coins = coins + 1 where ctid = (select ctid from opportunity_coin_totals limit 1)`,
    sql`update student_totals set completed = completed + 1 where ctid = (select ctid from student_totals limit 1)`,
    sql`update opportunity_totals set pending = pending + 1 where ctid = (select ctid from opportunity_totals limit 1)`,
    sql`update community_totals set active_students = active_students + 1 where shard = 3`,
    // A live shard: shard 0 is also summed by the fold's sums, whose own check would name it too.
    sql`update application_daily set applications = applications + 1
      where ctid = (select ctid from application_daily where shard <> 0 limit 1)`,
    sql`insert into application_days (day, applications) values ('2001-01-01', 1)
      on conflict (day) do update set applications = application_days.applications + 1`,
    sql`update score_counts set users = users + 1 where ctid = (select ctid from score_counts limit 1)`,
    sql`update period_counts set users = users + 1 where ctid = (select ctid from period_counts limit 1)`,
    sql`update opportunity_counts set opportunities = opportunities + 1
      where ctid = (select ctid from opportunity_counts limit 1)`,
    sql`update application_counts set applications = applications + 1
      where ctid = (select ctid from application_counts limit 1)`,
    sql`update period_score_counts set users = users + 1 where ctid = (select ctid from period_score_counts limit 1)`,
  ];

  it.each(tampering.map((update, index) => [AGGREGATE_CHECKS[index]?.check, update] as const))(
    "names a tampered table: %s",
    async (check, update) => {
      await opportunity("teaching").then(({ id }) => paidStudent(id, 1, 5));
      await expectConsistent();
      await t.db.execute(update);
      const problems = await findLedgerProblems(t.db);
      expect(problems.map((problem) => problem.check)).toEqual([check]);
      await t.db.execute(sql`select seva_rebuild_aggregates()`);
      await expectConsistent();
    },
  );
});

describe("the SQL calendar helpers", () => {
  it("agree with periods.ts on random instants and on the day and month boundaries in India", async () => {
    let seed = 21;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const instants: Date[] = [];
    for (let index = 0; index < 200; index++) {
      instants.push(new Date(Date.UTC(2000, 0, 1) + random() * 40 * 365 * 86_400_000));
      const year = 2000 + Math.floor(random() * 40);
      const month = 1 + Math.floor(random() * 12);
      const day = 1 + Math.floor(random() * 28);
      for (const boundary of [startOfSchoolDay(year, month, day), startOfSchoolDay(year, month, 1)])
        instants.push(new Date(boundary.getTime() - 1), boundary, new Date(boundary.getTime() + 1));
    }
    const months = [1, 7];
    const result = await t.db.execute(sql`select seva_school_day(instant)::text as day,
        seva_school_month(instant)::text as month, seva_term_start(seva_school_month(instant))::text as term
      from unnest(string_to_array(${instants.map((instant) => instant.toISOString()).join(",")}, ',')::timestamptz[])
        with ordinality as given(instant, position)
      order by position`);
    const computed = rowsOf<{ day: string; month: string; term: string }>(result);
    expect(computed).toEqual(
      instants.map((instant) => ({
        day: isoDay(schoolDate(instant)),
        month: isoDay(schoolDate(startOfMonth(instant))),
        term: isoDay(schoolDate(startOfTerm(instant, months))),
      })),
    );
  });
});
