import {
  applications,
  coinLedger,
  hourSubmissions,
  opportunities,
  userBadges,
  users,
} from "@server/db/schema";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hoursBody } from "../../../../test/hours-body";
import { findLedgerProblems } from "../coins/ledger-check";

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
});
afterAll(() => t?.close());

async function coinsOf(userId: number) {
  const [user] = await t.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
  return user?.coins;
}

describe("the whole journey", () => {
  it("apply → accept → submit → approve → submit → reject → resubmit → approve → complete", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, {
      coinsPerHour: 10,
      maxCoins: 100,
      totalRequiredHours: null,
    });
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);

    const accepted = await flow.setStatus(admin, id, {
      status: "accepted",
      notes: "Application accepted by admin",
    });
    expect(accepted.json()).toMatchObject({
      application: { status: "accepted", notes: "Application accepted by admin" },
      message: "Application accepted",
    });

    const submitted = await flow.submit(student, id, 3);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: "hours_submitted", submittedHours: 3 });
    expect(submitted.json().hourSubmissionDate).toBeTruthy();

    const approved = await flow.approve(admin, id, 30, "Hours approved by admin");
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      application: { status: "hours_approved", hoursCompleted: 3, coinsAwarded: 30 },
      coinsAwarded: 30,
      capped: false,
      badgesEarned: ["First Steps"],
      message: "Hours approved: 30 coins awarded",
    });
    expect(await coinsOf(student.id)).toBe(30);

    expect((await flow.submit(student, id, 2)).statusCode).toBe(200);
    const rejected = await flow.reject(admin, id, "Please attach the attendance sheet");
    expect(rejected.json()).toMatchObject({
      application: { status: "hours_approved", adminFeedback: "Please attach the attendance sheet" },
    });
    expect(await coinsOf(student.id)).toBe(30);

    expect((await flow.submit(student, id, 2)).statusCode).toBe(200);
    const second = await flow.approve(admin, id, 20);
    expect(second.json()).toMatchObject({
      application: { hoursCompleted: 5, coinsAwarded: 50 },
      badgesEarned: ["Helping Hand"],
    });

    const completed = await flow.setStatus(admin, id, {
      status: "completed",
      coinsAwarded: 80,
      hoursCompleted: 1.5,
      adminFeedback: "Wonderful work",
      notes: "Done",
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      application: {
        status: "completed",
        hoursCompleted: 6.5,
        coinsAwarded: 100,
        adminFeedback: "Wonderful work",
      },
      coinsAwarded: 50,
      capped: true,
      badgesEarned: ["Change Maker"],
      message: "Application completed: 50 of 80 coins awarded, the opportunity's cap of 100 coins is reached",
    });
    expect(completed.json().application.completedAt).toBeTruthy();
    expect(await coinsOf(student.id)).toBe(100);

    const history = await flow.call(student, "GET", `/api/applications/${id}/hours`);
    expect(
      history
        .json()
        .map((s: { hours: number; status: string; coinsAwarded: number }) => [
          s.hours,
          s.status,
          s.coinsAwarded,
        ]),
    ).toEqual([
      [3, "approved", 30],
      [2, "rejected", 0],
      [2, "approved", 20],
      [1.5, "approved", 50],
    ]);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, student.id));
    expect(ledger.map((row) => row.amount)).toEqual([30, 20, 50]);
    expect(
      ledger.every((row) => row.awardedBy === admin.id && row.opportunityTitle === opportunity.title),
    ).toBe(true);
    expect(await findLedgerProblems(t.db)).toEqual([]);

    // Completed is final.
    for (const status of ["accepted", "rejected", "completed"]) {
      const refused = await flow.setStatus(admin, id, {
        status,
        coinsAwarded: 1,
        hoursCompleted: 0,
        adminFeedback: "x",
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(`Cannot change an application from completed to ${status}`);
    }
    expect((await flow.submit(student, id, 1)).statusCode).toBe(409);
  });

  it("returns rejected first hours to accepted so the student may submit again", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    await flow.submit(student, id, 4);
    const rejected = await flow.reject(admin, id, "Not this week");
    expect(rejected.json().application.status).toBe("accepted");
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
  });
});

describe("refused transitions", () => {
  it.each([
    ["pending", { status: "completed", coinsAwarded: 5, hoursCompleted: 1, adminFeedback: "x" }],
    ["rejected", { status: "rejected" }],
    ["rejected", { status: "completed", coinsAwarded: 5, hoursCompleted: 1, adminFeedback: "x" }],
    ["accepted", { status: "accepted" }],
  ])("from %s refuses %j with 409 and changes nothing", async (from, body) => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    if (from === "rejected") await flow.setStatus(admin, id, { status: "rejected" });
    if (from === "accepted") await flow.setStatus(admin, id, { status: "accepted" });
    const response = await flow.setStatus(admin, id, body);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Cannot change an application from ${from} to ${(body as { status: string }).status}`,
    );
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.status).toBe(from);
  });

  it("allows reconsidering a rejected application and rejecting an accepted one", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    expect((await flow.setStatus(admin, id, { status: "rejected" })).json().application.status).toBe(
      "rejected",
    );
    expect((await flow.setStatus(admin, id, { status: "accepted" })).json().application.status).toBe(
      "accepted",
    );
    expect((await flow.setStatus(admin, id, { status: "rejected" })).json().application.status).toBe(
      "rejected",
    );
  });

  it("refuses reconsidering a rejected application when the opportunity has no place left", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { capacity: 1 });
    const [first, second] = [await newActor(t.app, t.db), await newActor(t.app, t.db)];
    const firstId = await flow.apply(first, opportunity.id);
    await flow.setStatus(admin, firstId, { status: "rejected" });
    await flow.apply(second, opportunity.id);
    const refused = await flow.setStatus(admin, firstId, { status: "accepted" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This opportunity is full: every place has been taken");
  });

  it("refuses hours outside accepted/approved, twice under review, or not whole from 1 to 200", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    const pending = await flow.submit(student, id, 2);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe("Cannot change an application from pending to hours_submitted");
    await flow.setStatus(admin, id, { status: "accepted" });
    for (const hours of [0, -1, 1.5, 201, "3", null, 1e9]) {
      const response = await flow.submit(student, id, hours);
      expect(response.statusCode).toBe(400);
    }
    expect((await flow.submit(student, id, 200)).statusCode).toBe(200);
    const twice = await flow.submit(student, id, 1);
    expect(twice.statusCode).toBe(409);
    const submissions = await t.db
      .select()
      .from(hourSubmissions)
      .where(eq(hourSubmissions.applicationId, id));
    expect(submissions).toHaveLength(1);
  });

  it("refuses approving or rejecting hours that are not under review", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    expect((await flow.approve(admin, id, 10)).statusCode).toBe(409);
    expect((await flow.reject(admin, id, "no")).statusCode).toBe(409);
  });

  it("needs coins, hours and feedback to complete, and validates them", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    const missing = await flow.setStatus(admin, id, { status: "completed" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors).sort()).toEqual([
      "adminFeedback",
      "coinsAwarded",
      "hoursCompleted",
    ]);
    for (const body of [
      { coinsAwarded: 0, hoursCompleted: 1, adminFeedback: "x" },
      { coinsAwarded: 5, hoursCompleted: 1.25, adminFeedback: "x" },
      { coinsAwarded: 5, hoursCompleted: -1, adminFeedback: "x" },
      { coinsAwarded: 5, hoursCompleted: 1, adminFeedback: "   " },
    ]) {
      expect((await flow.setStatus(admin, id, { status: "completed", ...body })).statusCode).toBe(400);
    }
    const done = await flow.setStatus(admin, id, {
      status: "completed",
      coinsAwarded: 5,
      hoursCompleted: 0,
      adminFeedback: "ok",
    });
    expect(done.json()).toMatchObject({
      application: { status: "completed", hoursCompleted: 0, coinsAwarded: 5 },
    });
  });

  it("requires non-blank feedback to reject hours and positive whole coins to approve", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    await flow.submit(student, id, 2);
    for (const feedback of ["", "   ", null, 5])
      expect((await flow.reject(admin, id, feedback)).statusCode).toBe(400);
    for (const coins of [0, -5, 2.5, "lots", 100_001])
      expect((await flow.approve(admin, id, coins)).statusCode).toBe(400);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.status).toBe("hours_submitted");
  });
});

describe("the coin cap", () => {
  it("awards only what is left under the cap, possibly nothing, and says so", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { maxCoins: 50 });
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    await flow.submit(student, id, 4);
    expect((await flow.approve(admin, id, 40)).json().coinsAwarded).toBe(40);
    await flow.submit(student, id, 4);
    const capped = await flow.approve(admin, id, 40);
    expect(capped.json()).toMatchObject({ coinsAwarded: 10, capped: true });
    await flow.submit(student, id, 4);
    const nothing = await flow.approve(admin, id, 40);
    expect(nothing.json()).toMatchObject({
      coinsAwarded: 0,
      capped: true,
      message: "Hours approved: no coins awarded, the opportunity's cap of 50 coins is already reached",
      application: { hoursCompleted: 12, coinsAwarded: 50 },
    });
    expect(await coinsOf(student.id)).toBe(50);
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });
});

describe("filled opportunities", () => {
  it("becomes filled in the approval that reaches the target, and accepted work still goes on when closed", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { totalRequiredHours: 5 });
    const [a, b] = [await newActor(t.app, t.db), await newActor(t.app, t.db)];
    const first = await flow.accepted(admin, a, opportunity.id);
    const second = await flow.accepted(admin, b, opportunity.id);
    await flow.call(admin, "PATCH", `/api/opportunities/${opportunity.id}/close`);
    await flow.submit(a, first, 3);
    await flow.approve(admin, first, 30);
    const status = async () =>
      (await t.db.select().from(opportunities).where(eq(opportunities.id, opportunity.id)))[0]?.status;
    expect(await status()).toBe("closed");
    await flow.submit(b, second, 2);
    await flow.approve(admin, second, 20);
    expect(await status()).toBe("filled");
  });
});

describe("concurrency", () => {
  it("pays 50 simultaneous approvals of one submission exactly once", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { maxCoins: 1000 });
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    await flow.submit(student, id, 5);
    const responses = await Promise.all(Array.from({ length: 50 }, () => flow.approve(admin, id, 50)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(await coinsOf(student.id)).toBe(50);
    const ledger = await t.db.select().from(coinLedger).where(eq(coinLedger.applicationId, id));
    expect(ledger).toHaveLength(1);
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });

  it("lets exactly one of two admins complete the same application", async () => {
    const other = await newActor(t.app, t.db, "admin");
    const opportunity = await insertOpportunity(t.db, admin.id, { maxCoins: 1000 });
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    const body = { status: "completed", coinsAwarded: 40, hoursCompleted: 4, adminFeedback: "Thanks" };
    const [one, two] = await Promise.all([flow.setStatus(admin, id, body), flow.setStatus(other, id, body)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(await coinsOf(student.id)).toBe(40);
  });

  it("awards each badge once however many credits cross it", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { maxCoins: 10_000 });
    const student = await newActor(t.app, t.db);
    const ids = await Promise.all(
      [1, 2, 3].map(async () => {
        const extra = await insertOpportunity(t.db, admin.id, { maxCoins: 10_000 });
        return flow.accepted(admin, student, extra.id);
      }),
    );
    for (const id of ids) await flow.submit(student, id, 10);
    await Promise.all(ids.map((id) => flow.approve(admin, id, 400)));
    const earned = await t.db.select().from(userBadges).where(eq(userBadges.userId, student.id));
    expect(earned.length).toBe(new Set(earned.map((row) => row.badgeId)).size);
    expect(await coinsOf(student.id)).toBe(1200);
    expect(opportunity.id).toBeGreaterThan(0);
  });
});

describe("who may do what", () => {
  it("keeps students to their own applications and hours, and decisions to admins", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const owner = await newActor(t.app, t.db);
    const stranger = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, owner, opportunity.id);

    const foreignSubmit = await flow.submit(stranger, id, 2);
    expect(foreignSubmit.statusCode).toBe(403);
    expect((await flow.call(stranger, "GET", `/api/applications/${id}/hours`)).statusCode).toBe(403);
    expect((await flow.call(stranger, "GET", `/api/applications/user/${owner.id}`)).statusCode).toBe(403);
    expect((await flow.call(stranger, "GET", `/api/badges/user/${owner.id}`)).statusCode).toBe(403);
    expect((await flow.call(owner, "GET", `/api/applications/user/${owner.id}`)).statusCode).toBe(200);
    expect((await flow.call(admin, "GET", `/api/applications/user/${owner.id}`)).statusCode).toBe(200);
    expect((await flow.call(admin, "GET", `/api/applications/${id}/hours`)).statusCode).toBe(200);
    expect((await flow.setStatus(owner, id, { status: "rejected" })).statusCode).toBe(403);
    expect((await flow.approve(owner, id, 10)).statusCode).toBe(403);
    expect(
      (await flow.call(owner, "GET", `/api/applications/opportunity/${opportunity.id}`)).statusCode,
    ).toBe(403);
    expect((await flow.call(owner, "GET", "/api/admin/applications")).statusCode).toBe(403);
    expect(
      (await flow.call(admin, "PATCH", `/api/applications/${id}/submit-hours`, hoursBody(2))).statusCode,
    ).toBe(403);
    expect((await flow.call(admin, "GET", "/api/applications/987654/hours")).statusCode).toBe(404);
    expect((await flow.approve(admin, 987654, 10)).statusCode).toBe(404);
    const [row] = await t.db.select().from(applications).where(eq(applications.id, id));
    expect(row?.status).toBe("accepted");
  });
});

describe("lists", () => {
  it("gives a student their applications with opportunities, and admins the applicants", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { title: "Listed one" });
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    const own = (await flow.call(student, "GET", `/api/applications/user/${student.id}`)).json();
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      id,
      status: "pending",
      opportunity: { id: opportunity.id, title: "Listed one" },
    });
    const applicants = (
      await flow.call(admin, "GET", `/api/applications/opportunity/${opportunity.id}`)
    ).json();
    expect(applicants[0]).toMatchObject({ id, user: { email: student.email } });
    expect((await flow.call(admin, "GET", "/api/applications/opportunity/987654")).statusCode).toBe(404);
  });

  it("filters and pages the admin list with its total, including the fields the screens show", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { totalRequiredHours: 40 });
    const students = await Promise.all([1, 2, 3].map(() => newActor(t.app, t.db)));
    const ids = [];
    for (const student of students) ids.push(await flow.accepted(admin, student, opportunity.id));
    await flow.submit(students[0] as Actor, ids[0] as number, 6);
    const review = await flow.call(
      admin,
      "GET",
      `/api/admin/applications?status=hours_submitted&opportunityId=${opportunity.id}`,
    );
    expect(review.headers["x-total-count"]).toBe("1");
    expect(review.json()[0]).toMatchObject({
      submittedHours: 6,
      totalRequiredHours: 40,
      user: { email: students[0]?.email },
      opportunity: { id: opportunity.id, coinsPerHour: opportunity.coinsPerHour },
    });
    expect(review.json()[0].hourSubmissionDate).toBeTruthy();
    const page = await flow.call(
      admin,
      "GET",
      `/api/admin/applications?opportunityId=${opportunity.id}&limit=2&offset=0`,
    );
    expect(page.json()).toHaveLength(2);
    expect(page.headers["x-total-count"]).toBe("3");
    const many = await flow.call(
      admin,
      "GET",
      `/api/admin/applications?opportunityId=${opportunity.id}&status=accepted&status=hours_submitted`,
    );
    expect(many.json()).toHaveLength(3);
    for (const query of ["limit=501", "limit=0", "status=nope", "offset=-1", "opportunityId=abc"]) {
      expect((await flow.call(admin, "GET", `/api/admin/applications?${query}`)).statusCode).toBe(400);
    }
  });

  it("lists the badge catalogue and a student's earned badges", async () => {
    const student = await newActor(t.app, t.db);
    const catalogue = (await flow.call(student, "GET", "/api/badges")).json();
    expect(catalogue.length).toBeGreaterThanOrEqual(5);
    expect(catalogue.map((badge: { coinsRequired: number }) => badge.coinsRequired)).toEqual(
      [...catalogue.map((badge: { coinsRequired: number }) => badge.coinsRequired)].sort((a, b) => a - b),
    );
    expect((await flow.call(student, "GET", `/api/badges/user/${student.id}`)).json()).toEqual([]);
  });
});
