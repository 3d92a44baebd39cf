// The application timeline (docs/product-rules.md §10, ADR 0040): each step writes its event in its own
// transaction, GET /api/applications/:id/timeline shows them oldest first to the student and to admins, and the
// table refuses to rewrite a step.
import { applicationEvents, users } from "@server/db/schema";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: Actor;
let adminName: string;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp();
  flow = workflow(t.app);
  admin = await newActor(t.app, t.db, "admin");
  adminName = await nameOf(admin.id);
});
afterAll(() => t?.close());

async function nameOf(id: number) {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new Error("no user");
  return `${user.firstName} ${user.lastName}`;
}

const timeline = (actor: Actor, id: number) => flow.call(actor, "GET", `/api/applications/${id}/timeline`);

async function stepsOf(actor: Actor, id: number) {
  const response = await timeline(actor, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { kind: string; actor: string; actorName: string | null; [k: string]: unknown }[];
}

describe("GET /api/applications/:id/timeline", () => {
  it("tells apply → reject → reconsider → complete in order, with who took each step", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { coinsPerHour: 10, maxCoins: 100 });
    const student = await newActor(t.app, t.db);
    const studentName = await nameOf(student.id);
    const id = await flow.apply(student, opportunity.id);
    expect(
      (await flow.setStatus(admin, id, { status: "rejected", notes: "No places for first years" }))
        .statusCode,
    ).toBe(200);
    expect(
      (await flow.setStatus(admin, id, { status: "accepted", notes: "A place came free" })).statusCode,
    ).toBe(200);
    const completed = await flow.setStatus(admin, id, {
      status: "completed",
      hoursCompleted: 4,
      coinsAwarded: 40,
      adminFeedback: "Thorough and punctual",
    });
    expect(completed.statusCode, completed.body).toBe(200);

    const steps = await stepsOf(student, id);
    expect(steps.map((step) => [step.kind, step.actor, step.actorName])).toEqual([
      ["applied", "student", studentName],
      ["rejected", "admin", adminName],
      ["reconsidered", "admin", adminName],
      ["completed", "admin", adminName],
    ]);
    expect(steps[1]).toMatchObject({ note: "No places for first years", hours: null, coins: null });
    expect(steps[2]).toMatchObject({ note: "A place came free" });
    expect(steps[3]).toMatchObject({ hours: 4, coins: 40, note: "Thorough and punctual" });
    const times = steps.map((step) => Date.parse(String(step.at)));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The admin reads the same timeline.
    expect(await stepsOf(admin, id)).toEqual(steps);
  });

  it("writes 'accepted' for a first acceptance and 'withdrawn' by the student", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    const withdrawn = await flow.call(student, "POST", `/api/applications/${id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const steps = await stepsOf(admin, id);
    expect(steps.map((step) => [step.kind, step.actor])).toEqual([
      ["applied", "student"],
      ["accepted", "admin"],
      ["withdrawn", "student"],
    ]);
    expect(steps[1]?.note).toBe("Application accepted by admin");
    expect(steps[2]?.actorName).toBe(await nameOf(student.id));
  });

  it("keeps as a decision's note only notes that decision changed", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    expect(
      (await flow.setStatus(admin, id, { status: "accepted", notes: "Strong maths background" })).statusCode,
    ).toBe(200);
    // The dialog offers the same notes again; rejecting without changing them adds no note.
    expect(
      (await flow.setStatus(admin, id, { status: "rejected", notes: "Strong maths background" })).statusCode,
    ).toBe(200);
    const steps = await stepsOf(admin, id);
    expect(steps.map((step) => [step.kind, step.note])).toEqual([
      ["applied", null],
      ["accepted", "Strong maths background"],
      ["rejected", null],
    ]);
  });

  it("starts the timeline of an application made by taking a waiting-list offer", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id, { capacity: 1 });
    const first = await newActor(t.app, t.db);
    const second = await newActor(t.app, t.db);
    const held = await flow.apply(first, opportunity.id);
    const joined = await flow.call(second, "POST", `/api/opportunities/${opportunity.id}/waitlist`, {});
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await flow.call(first, "POST", `/api/applications/${held}/withdraw`)).statusCode).toBe(200);
    const taken = await flow.call(
      second,
      "POST",
      `/api/opportunities/${opportunity.id}/waitlist/accept-offer`,
    );
    expect(taken.statusCode, taken.body).toBe(201);
    const steps = await stepsOf(second, taken.json().id);
    expect(steps.map((step) => [step.kind, step.actor])).toEqual([["applied", "student"]]);
  });

  it("refuses another student (403) and answers 404 for an unknown application", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const owner = await newActor(t.app, t.db);
    const other = await newActor(t.app, t.db);
    const id = await flow.apply(owner, opportunity.id);
    const refused = await timeline(other, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("You can only see your own applications");
    expect(refused.body).not.toContain("applied");
    const unknown = await timeline(admin, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Application not found");
  });

  it("keeps the timeline append-only: the database refuses to rewrite a step", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    await expect(
      t.db
        .update(applicationEvents)
        .set({ note: "rewritten" })
        .where(eq(applicationEvents.applicationId, id)),
    ).rejects.toThrow();
    const [row] = await t.db
      .select({ note: applicationEvents.note })
      .from(applicationEvents)
      .where(eq(applicationEvents.applicationId, id));
    expect(row?.note).toBeNull();
  });
});
