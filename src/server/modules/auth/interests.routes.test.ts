// Interests (docs/product-rules.md §12, ADR 0035): a student's skills and causes, asked once after the password
// prompt is answered, saved through PATCH /api/auth/user; an admin is never asked and may not set them.
import { users } from "@server/db/schema";
import { as, createTestApp, createTestUser, signIn, type TestContext } from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let counter = 0;

async function registerAccount(): Promise<{ email: string; password: string }> {
  const email = `interests${++counter}.${Date.now()}@iimb.ac.in`;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/register",
    payload: { email, firstName: "Tara", lastName: "Menon", program: "PGP" },
  });
  expect(response.statusCode).toBe(201);
  return { email, password: response.json().tempPassword };
}

const me = async (cookie: string) =>
  (await as(t.app, cookie, { method: "GET", url: "/api/auth/user" })).json();
const patch = (cookie: string, payload: unknown) =>
  as(t.app, cookie, { method: "PATCH", url: "/api/auth/user", payload: payload as object });
const rowOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe("choosing interests", () => {
  it("saves skills and causes, reads them back and stops asking", async () => {
    const student = await createTestUser(t.db);
    const cookie = await signIn(t.app, student.email);
    expect(await me(cookie)).toMatchObject({ interests: { skills: [], types: [] }, interestsPrompt: true });

    const saved = await patch(cookie, { interests: { skills: ["Maths"], types: [] } });
    expect(saved.statusCode).toBe(200);
    const response = await patch(cookie, {
      interests: { skills: ["Maths", "Computers"], types: ["teaching", "mentoring"] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      interests: { skills: ["Maths", "Computers"], types: ["teaching", "mentoring"] },
      interestsPrompt: false,
    });
    expect(await me(cookie)).toMatchObject({
      interests: { skills: ["Maths", "Computers"], types: ["teaching", "mentoring"] },
      interestsPrompt: false,
    });
    const row = await rowOf(student.id);
    expect(row?.interestsAskedAt).toBeInstanceOf(Date);
  });

  it("records a skip (nothing chosen) as asked, and leaves the interests alone when a change omits them", async () => {
    const student = await createTestUser(t.db);
    const cookie = await signIn(t.app, student.email);
    const skipped = await patch(cookie, { interests: { skills: [], types: [] } });
    expect(skipped.json()).toMatchObject({ interests: { skills: [], types: [] }, interestsPrompt: false });

    await patch(cookie, { interests: { skills: ["Arts"], types: ["donation"] } });
    const renamed = await patch(cookie, { firstName: "Renamed" });
    expect(renamed.json()).toMatchObject({
      firstName: "Renamed",
      interests: { skills: ["Arts"], types: ["donation"] },
    });
  });

  it.each([
    [{ skills: ["Juggling"], types: [] }, "interests.skills.0", /Choose skills among Maths/],
    [{ skills: ["Maths", "Maths"], types: [] }, "interests.skills", /Choose each skill once/],
    [{ skills: [], types: ["party"] }, "interests.types.0", /Choose causes among teaching/],
    [{ skills: [], types: ["teaching", "teaching"] }, "interests.types", /Choose each cause once/],
    [{ skills: "Maths", types: [] }, "interests.skills", /Must be a list of skills/],
    [{ skills: [] }, "interests.types", /Must be a list of causes/],
  ])("answers 400 for %j with a clear message and changes nothing", async (interests, field, message) => {
    const student = await createTestUser(t.db);
    const cookie = await signIn(t.app, student.email);
    await patch(cookie, { interests: { skills: ["Music"], types: ["mentoring"] } });
    const before = await rowOf(student.id);

    const response = await patch(cookie, { firstName: "Changed", interests });
    expect(response.statusCode).toBe(400);
    const fieldErrors = response.json().fieldErrors as Record<string, string[]>;
    expect(Object.keys(fieldErrors)).toEqual([field]);
    expect(fieldErrors[field]?.[0]).toMatch(message);
    expect(await rowOf(student.id)).toEqual(before);
  });

  it("accepts every skill and every cause at once", async () => {
    const student = await createTestUser(t.db);
    const cookie = await signIn(t.app, student.email);
    const { SKILLS, OPPORTUNITY_TYPES } = await import("@shared/domain/enums");
    const response = await patch(cookie, { interests: { skills: SKILLS, types: OPPORTUNITY_TYPES } });
    expect(response.statusCode).toBe(200);
    expect(response.json().interests).toEqual({ skills: [...SKILLS], types: [...OPPORTUNITY_TYPES] });
  });
});

describe("the interests question", () => {
  it("comes after the temporary-password prompt: asked once it is skipped, gone once answered", async () => {
    const account = await registerAccount();
    const cookie = await signIn(t.app, account.email, account.password);
    expect(await me(cookie)).toMatchObject({ passwordPrompt: "skippable", interestsPrompt: false });

    const skip = await as(t.app, cookie, { method: "POST", url: "/api/auth/password/skip" });
    expect(skip.json()).toMatchObject({ passwordPrompt: "none", interestsPrompt: true });

    await patch(cookie, { interests: { skills: [], types: [] } });
    expect((await me(cookie)).interestsPrompt).toBe(false);
    // A later session asks for the password again, never again for interests.
    const later = await signIn(t.app, account.email, account.password);
    expect(await me(later)).toMatchObject({ passwordPrompt: "required", interestsPrompt: false });
  });

  it("is not asked of an admin, who may not set interests either", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    const cookie = await signIn(t.app, admin.email);
    expect(await me(cookie)).toMatchObject({ interests: { skills: [], types: [] }, interestsPrompt: false });

    const response = await patch(cookie, { firstName: "Meera", interests: { skills: ["Maths"], types: [] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: "Only students choose interests",
      fieldErrors: { interests: ["Only students choose interests"] },
    });
    const row = await rowOf(admin.id);
    expect(row).toMatchObject({ interestSkills: [], interestsAskedAt: null });
    expect(row?.firstName).not.toBe("Meera");
  });
});
