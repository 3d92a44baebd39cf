// What a submission of hours records and how the server checks it (docs/product-rules.md §10): the days served
// (ordered, not in the future in school time, not before the acceptance), what was done, an optional reflection,
// and the timeline step of the submission.
import { applicationEvents, hourSubmissions } from "@server/db/schema";
import { schoolDayOf } from "@shared/domain/event-dates";
import { createTestApp, type TestContext } from "@test/app";
import { hoursBody } from "@test/hours-body";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayText } from "./hours.service";

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
});
afterAll(() => t?.close());

async function acceptedStudent() {
  const opportunity = await insertOpportunity(t.db, admin.id);
  const student = await newActor(t.app, t.db);
  const id = await flow.accepted(admin, student, opportunity.id);
  const submit = (body: object) => flow.call(student, "PATCH", `/api/applications/${id}/submit-hours`, body);
  return { student, id, submit };
}

const today = () => schoolDayOf(new Date());
const daysFromToday = (days: number) => schoolDayOf(new Date(Date.now() + days * DAY_MS));

describe("submitting hours with details", () => {
  it("stores the days, what was done and the reflection, and records the step", async () => {
    const { student, id, submit } = await acceptedStudent();
    const body = hoursBody(3, { reflection: "  I learnt to explain fractions with pizza.  " });
    const response = await submit(body);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.db.select().from(hourSubmissions).where(eq(hourSubmissions.applicationId, id));
    expect(row).toMatchObject({
      hours: 3,
      servedFrom: today(),
      servedTo: today(),
      description: body.description,
      reflection: "I learnt to explain fractions with pizza.",
      verificationStatus: "not_required",
      supervisorEmail: null,
    });
    const events = await t.db.select().from(applicationEvents).where(eq(applicationEvents.applicationId, id));
    expect(events.filter((event) => event.kind === "hours_submitted")).toEqual([
      expect.objectContaining({
        actor: "student",
        actorId: student.id,
        hours: 3,
        note: body.description,
        hourSubmissionId: row?.id,
      }),
    ]);
    const history = await flow.call(student, "GET", `/api/applications/${id}/hours`);
    expect(history.json()[0]).toMatchObject({
      servedFrom: today(),
      description: body.description,
      verification: { status: "not_required" },
    });
  });

  it("refuses days in the future, before the acceptance, or out of order, naming the field", async () => {
    const { submit } = await acceptedStudent();
    const future = await submit(hoursBody(2, { servedTo: daysFromToday(2) }));
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fieldErrors)).toEqual(["servedTo"]);
    expect(future.json().message).toMatch(/future/);

    const early = await submit(hoursBody(2, { servedFrom: daysFromToday(-3) }));
    expect(early.statusCode).toBe(400);
    const message = `From cannot be before ${dayText(today())}, when your application was accepted`;
    expect(early.json()).toMatchObject({ message, fieldErrors: { servedFrom: [message] } });

    const reversed = await submit(hoursBody(2, { servedFrom: today(), servedTo: daysFromToday(-1) }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors).toEqual({ servedTo: ["To must be on or after From"] });

    const short = await submit(hoursBody(2, { description: "Helped" }));
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().fieldErrors)).toEqual(["description"]);

    // Nothing was stored by the refusals; a valid submission still goes through.
    expect((await submit(hoursBody(2))).statusCode).toBe(200);
  });

  it("dates the acceptance from the timeline's accepted step when there is one", async () => {
    const { id, submit } = await acceptedStudent();
    // Accepted (by the timeline) five days ago: a week ago is refused, four days ago is fine.
    await t.db.insert(applicationEvents).values({
      applicationId: id,
      kind: "accepted",
      actor: "admin",
      at: new Date(Date.now() - 5 * DAY_MS),
    });
    expect((await submit(hoursBody(2, { servedFrom: daysFromToday(-7) }))).statusCode).toBe(400);
    const fine = await submit(hoursBody(2, { servedFrom: daysFromToday(-4) }));
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
