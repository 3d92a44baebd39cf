import { applications, users } from "@server/db/schema";
import { as, createTestApp, createTestUser, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_APPLICATION, OWN_RIGHTS } from "../access";
import { ADMINISTRATOR_NOT_FOUND, NO_ACCOUNT_FOR_EMAIL } from "./administrators.service";

let t: TestContext;
let dean: Actor;

beforeAll(async () => {
  t = await createTestApp();
  dean = await newActor(t.app, t.db, "admin");
});
afterAll(() => t?.close());

const promote = (actor: Actor, email: unknown) =>
  as(t.app, actor.cookie, { method: "POST", url: "/api/admin/administrators", payload: { email } });

async function roleOf(id: number) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

describe("promoting a student to administrator", () => {
  it("gives a registered student admin rights, found by e-mail in any case, and their open session has them at once", async () => {
    const student = await newActor(t.app, t.db);
    const opportunity = await insertOpportunity(t.db, dean.id);
    // The student's session is read (and cached) as a student's before the promotion.
    expect((await as(t.app, student.cookie, { method: "GET", url: "/api/auth/user" })).json().role).toBe(
      "student",
    );
    expect(
      (await as(t.app, student.cookie, { method: "GET", url: "/api/admin/applications" })).statusCode,
    ).toBe(403);

    const response = await promote(dean, `  ${student.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    const { administrator, message } = response.json();
    expect(administrator).toEqual({
      id: student.id,
      email: student.email,
      firstName: expect.any(String),
      lastName: expect.any(String),
    });
    expect(message).toBe(`${administrator.firstName} ${administrator.lastName} is now an administrator.`);
    expect(await roleOf(student.id)).toBe("admin");

    const me = await as(t.app, student.cookie, { method: "GET", url: "/api/auth/user" });
    expect(me.json().role).toBe("admin");
    expect(
      (await as(t.app, student.cookie, { method: "GET", url: "/api/admin/applications" })).statusCode,
    ).toBe(200);
    const apply = await as(t.app, student.cookie, {
      method: "POST",
      url: "/api/applications",
      payload: { opportunityId: opportunity.id },
    });
    expect(apply.statusCode).toBe(403);
  });

  it("answers 404 for an address with no account and 409 for an administrator, changing nothing", async () => {
    const before = await t.db
      .select({ id: users.id, role: users.role, updatedAt: users.updatedAt })
      .from(users);

    const unknown = await promote(dean, "nobody.here@iimb.ac.in");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(NO_ACCOUNT_FOR_EMAIL);

    const already = await promote(dean, dean.email);
    expect(already.statusCode).toBe(409);
    expect(already.json().message).toMatch(/ is already an administrator\.$/);

    for (const email of ["not-an-address", "", 42, null]) {
      const invalid = await promote(dean, email);
      expect(invalid.statusCode, String(email)).toBe(400);
      expect(invalid.json().fieldErrors.email, String(email)).toBeDefined();
    }
    expect(
      await t.db.select({ id: users.id, role: users.role, updatedAt: users.updatedAt }).from(users),
    ).toEqual(before);
  });

  it("promotes once when two administrators promote the same student at the same moment", async () => {
    const second = await newActor(t.app, t.db, "admin");
    const student = await createTestUser(t.db);
    const answers = await Promise.all([promote(dean, student.email), promote(second, student.email)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await roleOf(student.id)).toBe("admin");
  });

  it("leaves a promoted student's open applications to the other administrators, never to their owner", async () => {
    const student = await newActor(t.app, t.db);
    const flow = workflow(t.app);
    const submitted = await flow.accepted(dean, student, (await insertOpportunity(t.db, dean.id)).id);
    expect((await flow.submit(student, submitted, 3)).statusCode).toBe(200);
    const pending = await flow.apply(student, (await insertOpportunity(t.db, dean.id)).id);
    expect((await promote(dean, student.email)).statusCode).toBe(200);

    const applicationsBefore = await t.db
      .select()
      .from(applications)
      .where(eq(applications.userId, student.id));
    const own = [
      await flow.approve(student, submitted, 30),
      await flow.reject(student, submitted, "Not enough detail"),
      await flow.setStatus(student, pending, { status: "accepted" }),
      await flow.setStatus(student, submitted, {
        status: "completed",
        coinsAwarded: 50,
        hoursCompleted: 3,
        adminFeedback: "Well done",
      }),
    ];
    for (const response of own) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().message).toBe(OWN_APPLICATION);
    }
    expect(await t.db.select().from(applications).where(eq(applications.userId, student.id))).toEqual(
      applicationsBefore,
    );
    expect((await flow.approve(dean, submitted, 30)).statusCode).toBe(200);
    expect((await flow.setStatus(dean, pending, { status: "accepted" })).statusCode).toBe(200);
  });

  it("takes a promoted student off the leaderboard, which ranks students only", async () => {
    const student = await newActor(t.app, t.db);
    const flow = workflow(t.app);
    const application = await flow.accepted(dean, student, (await insertOpportunity(t.db, dean.id)).id);
    expect((await flow.submit(student, application, 2)).statusCode).toBe(200);
    expect((await flow.approve(dean, application, 20)).statusCode).toBe(200);
    const ranked = async () =>
      (await as(t.app, dean.cookie, { method: "GET", url: "/api/leaderboard?limit=100" }))
        .json()
        .map((row: { id: number }) => row.id);
    expect(await ranked()).toContain(student.id);
    expect((await promote(dean, student.email)).statusCode).toBe(200);
    expect(await ranked()).not.toContain(student.id);
  });
});

describe("the list of administrators", () => {
  it("names every administrator, by first and last name, and shows the new one at once", async () => {
    const list = async () =>
      (await as(t.app, dean.cookie, { method: "GET", url: "/api/admin/administrators" })).json() as {
        id: number;
        firstName: string;
        lastName: string;
      }[];
    const before = await list();
    expect(before.map((row) => row.id)).toContain(dean.id);
    for (const row of before)
      expect(Object.keys(row).sort()).toEqual(["email", "firstName", "id", "lastName"]);

    const student = await createTestUser(t.db, { firstName: "aaron", lastName: "Zed" });
    expect((await promote(dean, student.email)).statusCode).toBe(200);
    const after = await list();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?.id).toBe(student.id);
    const names = after.map((row) => `${row.firstName} ${row.lastName}`.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe("taking administrator rights back", () => {
  const remove = (actor: Actor, userId: number) =>
    as(t.app, actor.cookie, { method: "DELETE", url: `/api/admin/administrators/${userId}` });

  it("makes another administrator a student again, whose open session loses the rights at once", async () => {
    const colleague = await newActor(t.app, t.db, "admin");
    expect(
      (await as(t.app, colleague.cookie, { method: "GET", url: "/api/admin/applications" })).statusCode,
    ).toBe(200);
    const response = await remove(dean, colleague.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/ is no longer an administrator\.$/);
    expect(await roleOf(colleague.id)).toBe("student");
    expect(
      (await as(t.app, colleague.cookie, { method: "GET", url: "/api/admin/applications" })).statusCode,
    ).toBe(403);
    expect((await as(t.app, colleague.cookie, { method: "GET", url: "/api/auth/user" })).json().role).toBe(
      "student",
    );
  });

  it("refuses one's own rights, a student and an unknown id, changing nothing", async () => {
    const student = await createTestUser(t.db);
    const before = await t.db
      .select({ id: users.id, role: users.role, updatedAt: users.updatedAt })
      .from(users);
    const own = await remove(dean, dean.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(OWN_RIGHTS);
    for (const id of [student.id, 99_999_999]) {
      const answer = await remove(dean, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(ADMINISTRATOR_NOT_FOUND);
    }
    expect(
      await t.db.select({ id: users.id, role: users.role, updatedAt: users.updatedAt }).from(users),
    ).toEqual(before);
  });

  it("never leaves the school without an administrator when two remove each other at once", async () => {
    for (let round = 0; round < 5; round++) {
      const [first, second] = [
        await newActor(t.app, t.db, "admin"),
        await newActor(t.app, t.db, "admin"),
      ] as [Actor, Actor];
      const answers = await Promise.all([remove(first, second.id), remove(second, first.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
      expect([await roleOf(first.id), await roleOf(second.id)].sort()).toEqual(["admin", "student"]);
    }
  });
});
