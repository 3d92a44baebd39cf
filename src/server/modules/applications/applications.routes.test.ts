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

describe("GET /api/admin/applications", () => {
  let adminCookie: string;
  let alpha: typeof opportunities.$inferSelect;
  let beta: typeof opportunities.$inferSelect;
  const ids: Record<string, number> = {};

  async function newApplication(
    name: string,
    opportunityId: number,
    values: Partial<typeof applications.$inferInsert>,
    person: { firstName: string; lastName: string; email: string },
  ) {
    const student = await createTestUser(t.db, person);
    const [row] = await t.db
      .insert(applications)
      .values({ userId: student.id, opportunityId, ...values })
      .returning();
    if (!row) throw new Error("no application");
    ids[name] = row.id;
  }

  // Everything is written before the first read, so no answer is read from the cache before its rows exist.
  beforeAll(async () => {
    adminCookie = await signIn(t.app, (await createTestUser(t.db, { role: "admin" })).email);
    alpha = await newOpportunity({ title: "Queuetest Alpha 50%_off" });
    beta = await newOpportunity({ title: "Queuetest Beta" });
    const day = (date: string) => new Date(`${date}T09:00:00Z`);
    await newApplication(
      "newer",
      alpha.id,
      { appliedAt: day("2026-01-03") },
      { firstName: "Zephyrine", lastName: "Quorra", email: "zephyrine.q@iimb.ac.in" },
    );
    await newApplication(
      "older",
      alpha.id,
      { appliedAt: day("2026-01-01") },
      { firstName: "Oswin", lastName: "Larkspur", email: "ol.queue@iimb.ac.in" },
    );
    await newApplication(
      "other",
      beta.id,
      { appliedAt: day("2026-01-02") },
      { firstName: "Perpetua", lastName: "Vantablack", email: "pv.queue@iimb.ac.in" },
    );
    // Applied first of all, but its hours came in last: it has waited for a review since the submission.
    await newApplication(
      "hours",
      alpha.id,
      {
        appliedAt: day("2025-12-01"),
        status: "hours_submitted",
        submittedHours: 3,
        hourSubmissionDate: day("2026-01-05"),
      },
      { firstName: "Hestia", lastName: "Quillon", email: "hq.queue@iimb.ac.in" },
    );
  });

  const list = async (query: string) => {
    const response = await as(t.app, adminCookie, { method: "GET", url: `/api/admin/applications?${query}` });
    expect(response.statusCode).toBe(200);
    return {
      ids: response.json().map((application: { id: number }) => application.id),
      total: Number(response.headers["x-total-count"]),
    };
  };

  it("orders newest applied first by default, and longest waiting first with sort=oldest", async () => {
    const pendingOfAlpha = `status=pending&opportunityId=${alpha.id}`;
    expect((await list(pendingOfAlpha)).ids).toEqual([ids.newer, ids.older]);
    expect((await list(`${pendingOfAlpha}&sort=oldest`)).ids).toEqual([ids.older, ids.newer]);
    // Hours wait from their submission (5 January), not from the application (1 December).
    const waiting = await list(`status=pending&status=hours_submitted&opportunityId=${alpha.id}&sort=oldest`);
    expect(waiting.ids).toEqual([ids.older, ids.newer, ids.hours]);
  });

  it("filters by opportunity and status together, and counts the filtered total", async () => {
    expect(await list(`status=hours_submitted&opportunityId=${alpha.id}`)).toEqual({
      ids: [ids.hours],
      total: 1,
    });
    expect(await list(`status=pending&opportunityId=${beta.id}`)).toEqual({ ids: [ids.other], total: 1 });
    const page = await list(`opportunityId=${alpha.id}&sort=oldest&limit=1&offset=1`);
    expect(page).toEqual({ ids: [ids.newer], total: 3 });
  });

  it("searches the applicant's names and e-mail and the opportunity's title, in any case", async () => {
    const search = async (text: string) => (await list(`search=${encodeURIComponent(text)}`)).ids;
    expect(await search("zephyr")).toEqual([ids.newer]);
    expect(await search("LARKSPUR")).toEqual([ids.older]);
    expect(await search("  perpetua vanta ")).toEqual([ids.other]);
    expect(await search("hq.queue@")).toEqual([ids.hours]);
    expect(await search("queuetest beta")).toEqual([ids.other]);
    const byTitle = await list(`search=queuetest%20alpha&sort=oldest`);
    expect(byTitle).toEqual({ ids: [ids.older, ids.newer, ids.hours], total: 3 });
    expect(await list(`search=quorra&opportunityId=${beta.id}`)).toEqual({ ids: [], total: 0 });
  });

  it("takes % and _ in the search literally", async () => {
    expect((await list(`search=${encodeURIComponent("50%_off")}&sort=oldest`)).ids).toEqual([
      ids.older,
      ids.newer,
      ids.hours,
    ]);
    for (const wildcard of ["%", "_", "5_%", "Queuetest%Beta", "\\"]) {
      expect(await list(`search=${encodeURIComponent(wildcard)}&opportunityId=${beta.id}`)).toEqual({
        ids: [],
        total: 0,
      });
    }
  });

  it("refuses an unknown order and a search over 200 characters", async () => {
    for (const query of ["sort=newest", `search=${"a".repeat(201)}`]) {
      const response = await as(t.app, adminCookie, {
        method: "GET",
        url: `/api/admin/applications?${query}`,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
