import { applications, opportunities } from "@server/db/schema";
import { buildOpportunity, OPPORTUNITY_TEMPLATES } from "@server/demo/factories";
import { as, createTestApp, createTestUser, signIn, type TestContext } from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await createTestUser(t.db, { role: "admin" })).id;
});
afterAll(() => t?.close());

async function newOpportunity(overrides: Partial<typeof opportunities.$inferInsert> = {}) {
  const template = OPPORTUNITY_TEMPLATES[0];
  if (!template) throw new Error("no template");
  const [row] = await t.db
    .insert(opportunities)
    .values({ ...buildOpportunity(template, adminId), ...overrides })
    .returning();
  if (!row) throw new Error("no row");
  return row;
}

async function newStudentCookie() {
  return signIn(t.app, (await createTestUser(t.db)).email);
}

const apply = (cookie: string, opportunityId: unknown, shareKey?: string) =>
  as(t.app, cookie, { method: "POST", url: "/api/applications", payload: { opportunityId, shareKey } });

describe("POST /api/applications", () => {
  it("creates a pending application for the signed-in student", async () => {
    const opportunity = await newOpportunity();
    const response = await apply(await newStudentCookie(), opportunity.id);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      opportunityId: opportunity.id,
      status: "pending",
      coinsAwarded: 0,
    });
  });

  it("refuses a second application by the same student, even as a double click", async () => {
    const opportunity = await newOpportunity();
    const cookie = await newStudentCookie();
    const [one, two] = await Promise.all([apply(cookie, opportunity.id), apply(cookie, opportunity.id)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const again = await apply(cookie, opportunity.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already applied to this opportunity");
    const rows = await t.db.select().from(applications).where(eq(applications.opportunityId, opportunity.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses closed and filled opportunities", async () => {
    for (const status of ["closed", "filled"] as const) {
      const opportunity = await newOpportunity({ status });
      const response = await apply(await newStudentCookie(), opportunity.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`Applications are closed: this opportunity is ${status}`);
    }
  });

  it("holds capacity under concurrent applications, and a rejected application frees its place", async () => {
    const opportunity = await newOpportunity({ capacity: 2 });
    const cookies = await Promise.all(Array.from({ length: 6 }, () => newStudentCookie()));
    const responses = await Promise.all(cookies.map((cookie) => apply(cookie, opportunity.id)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json().message).toBe("This opportunity is full: every place has been taken");

    const accepted = responses.find((response) => response.statusCode === 201)?.json();
    await t.db.update(applications).set({ status: "rejected" }).where(eq(applications.id, accepted.id));
    const late = await apply(await newStudentCookie(), opportunity.id);
    expect(late.statusCode).toBe(201);
  });

  it("accepts a private opportunity with its link's key, and answers 404 without it", async () => {
    const opportunity = await newOpportunity({ visibility: "private" });
    const cookie = await newStudentCookie();
    const blind = await apply(cookie, opportunity.id);
    expect(blind.statusCode).toBe(404);
    expect(blind.json().message).toBe("Opportunity not found");
    expect((await apply(cookie, opportunity.id, opportunity.shareToken)).statusCode).toBe(201);
  });

  it("answers 404 for a missing opportunity and 400 for a malformed id", async () => {
    const cookie = await newStudentCookie();
    const missing = await apply(cookie, 987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Opportunity not found");
    for (const id of ["abc", -1, 0, 1.5, null, 1e12]) expect((await apply(cookie, id)).statusCode).toBe(400);
  });

  it("refuses administrators and anonymous callers", async () => {
    const opportunity = await newOpportunity();
    const adminCookie = await signIn(t.app, (await createTestUser(t.db, { role: "admin" })).email);
    const byAdmin = await apply(adminCookie, opportunity.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe("Only students can do this");
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      payload: { opportunityId: opportunity.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
