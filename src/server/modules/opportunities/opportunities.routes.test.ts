import { applications, coinLedger, opportunities, users } from "@server/db/schema";
import { MAX_REPEATED_VALUES } from "@shared/contract/common";
import { as, createTestApp, createTestUser, signIn, type TestContext } from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: string;
let student: string;
let adminId: number;

const fullInput = {
  title: "Teach Maths at Bilekahalli",
  shortDescription: "Weekend maths for class 8",
  fullDescription: "Small-group sessions using the school's worksheets.",
  imageUrl: "https://example.org/maths.jpg",
  type: "teaching",
  duration: "custom",
  customDuration: "Six weekends",
  schedule: "Saturdays 9–11",
  location: "Bilekahalli",
  skills: ["Maths", "Communication", "Maths"],
  capacity: "12",
  totalRequiredHours: 120,
  status: "open",
  coinsPerHour: 15,
  maxCoins: 300,
  visibility: "public",
  contactEmail: "cell@iimb.ac.in",
  contactPhone: "+91 80 2699 3000",
  createdBy: 999,
  unknownField: "ignored",
};

async function create(overrides: Record<string, unknown> = {}) {
  const response = await as(t.app, admin, {
    method: "POST",
    url: "/api/opportunities",
    payload: { ...fullInput, ...overrides },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const list = (cookie: string, query = "") =>
  as(t.app, cookie, { method: "GET", url: `/api/opportunities${query}` });

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createTestUser(t.db, { role: "admin", firstName: "Meera", lastName: "Krishnan" });
  adminId = adminUser.id;
  admin = await signIn(t.app, adminUser.email);
  student = await signIn(t.app, (await createTestUser(t.db)).email);
});
afterAll(() => t?.close());

describe("creating and editing", () => {
  it("creates an opportunity with every field, the admin as creator, skills de-duplicated", async () => {
    const created = await create();
    expect(created).toMatchObject({
      title: "Teach Maths at Bilekahalli",
      customDuration: "Six weekends",
      skills: ["Maths", "Communication"],
      capacity: 12,
      totalRequiredHours: 120,
      createdBy: adminId,
      creator: { firstName: "Meera", lastName: "Krishnan" },
      _count: { applications: 0 },
    });
    expect(created).not.toHaveProperty("unknownField");
  });

  it("applies the defaults and fall-backs for omitted optional fields", async () => {
    const created = await create({
      imageUrl: "",
      type: undefined,
      duration: undefined,
      customDuration: "ignored without custom duration",
      capacity: "",
      totalRequiredHours: null,
      status: undefined,
      coinsPerHour: "",
      maxCoins: undefined,
      visibility: undefined,
      contactEmail: "",
      contactPhone: "",
      skills: undefined,
    });
    expect(created).toMatchObject({
      imageUrl: null,
      type: "teaching",
      duration: "1week",
      customDuration: null,
      capacity: null,
      totalRequiredHours: null,
      status: "open",
      coinsPerHour: 10,
      maxCoins: 100,
      visibility: "public",
      contactEmail: null,
      contactPhone: null,
      skills: [],
    });
  });

  it.each([
    [{ title: "" }, "title"],
    [{ title: "x".repeat(201) }, "title"],
    [{ shortDescription: "x".repeat(161) }, "shortDescription"],
    [{ fullDescription: "  " }, "fullDescription"],
    [{ type: "party" }, "type"],
    [{ duration: "forever" }, "duration"],
    [{ skills: ["Juggling"] }, "skills.0"],
    [{ skills: "Maths" }, "skills"],
    [{ capacity: 0 }, "capacity"],
    [{ capacity: 2.5 }, "capacity"],
    [{ capacity: "ten" }, "capacity"],
    [{ totalRequiredHours: -1 }, "totalRequiredHours"],
    [{ coinsPerHour: 1001 }, "coinsPerHour"],
    [{ maxCoins: 0 }, "maxCoins"],
    [{ maxCoins: 1e20 }, "maxCoins"],
    [{ imageUrl: "javascript:alert(1)" }, "imageUrl"],
    [{ imageUrl: "ftp://example.org/a.png" }, "imageUrl"],
    [{ contactEmail: "nope" }, "contactEmail"],
    [{ contactPhone: "<script>" }, "contactPhone"],
    [{ status: "archived" }, "status"],
    [{ visibility: "secret" }, "visibility"],
  ])("refuses %j with a field error on %s and stores nothing", async (change, field) => {
    const before = await t.db.select().from(opportunities);
    const response = await as(t.app, admin, {
      method: "POST",
      url: "/api/opportunities",
      payload: { ...fullInput, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect(await t.db.select().from(opportunities)).toHaveLength(before.length);
  });

  it("words a refusal for people: the field's own message, or the field's path before a generic one", async () => {
    const badImage = await as(t.app, admin, {
      method: "POST",
      url: "/api/opportunities",
      payload: { ...fullInput, imageUrl: "ftp://example.org/a.png" },
    });
    expect(badImage.json().message).toBe("Image URL must be an http(s) address");
    const badId = await as(t.app, admin, { method: "GET", url: "/api/opportunities/abc" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^id: /);
  });

  it("replaces the fields on PUT, never the creator", async () => {
    const created = await create();
    const other = await createTestUser(t.db, { role: "admin", firstName: "Other" });
    const otherAdmin = await signIn(t.app, other.email);
    const response = await as(t.app, otherAdmin, {
      method: "PUT",
      url: `/api/opportunities/${created.id}`,
      payload: { ...fullInput, title: "Renamed", status: "filled", createdBy: other.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Renamed", status: "filled", createdBy: adminId });
    const missing = await as(t.app, admin, {
      method: "PUT",
      url: "/api/opportunities/999999",
      payload: fullInput,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Opportunity not found");
  });

  it("refuses students and anonymous callers", async () => {
    const byStudent = await as(t.app, student, {
      method: "POST",
      url: "/api/opportunities",
      payload: fullInput,
    });
    expect(byStudent.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/opportunities", payload: fullInput });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the students' feed", () => {
  it("lists only open public opportunities with creator names and application counts", async () => {
    const open = await create({ title: "Open one feed" });
    const closed = await create({ title: "Closed one feed" });
    await as(t.app, admin, { method: "PATCH", url: `/api/opportunities/${closed.id}/close` });
    const hidden = await create({ title: "Private one feed", visibility: "private" });
    const response = await list(student, "?search=one feed");
    expect(response.statusCode).toBe(200);
    const titles = response.json().opportunities.map((o: { title: string }) => o.title);
    expect(titles).toEqual(["Open one feed"]);
    expect(response.json().total).toBe(1);
    const [first] = response.json().opportunities;
    expect(first.creator).toEqual({ firstName: "Meera", lastName: "Krishnan" });
    expect(first).not.toHaveProperty("creator.email");
    // A private opportunity opens by its link only (share-links.routes.test.ts has the rest).
    const [row] = await t.db.select().from(opportunities).where(eq(opportunities.id, hidden.id));
    const byId = await as(t.app, student, { method: "GET", url: `/api/opportunities/${hidden.id}` });
    expect(byId.statusCode).toBe(404);
    const byLink = await as(t.app, student, {
      method: "GET",
      url: `/api/opportunities/${hidden.id}?key=${row?.shareToken}`,
    });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().visibility).toBe("private");
    expect(open.id).toBeGreaterThan(0);
  });

  it("filters by type, duration and skills and pages with limit and offset", async () => {
    await create({ title: "Filter donation", type: "donation", duration: "instant", skills: ["Music"] });
    await create({ title: "Filter mentoring", type: "mentoring", duration: "1-3days", skills: ["Writing"] });
    const byType = (await list(student, "?search=Filter&type=donation")).json();
    expect(byType.opportunities.map((o: { title: string }) => o.title)).toEqual(["Filter donation"]);
    const byTypes = (await list(student, "?search=Filter&type=donation&type=mentoring")).json();
    expect(byTypes.total).toBe(2);
    const bySkill = (await list(student, "?search=Filter&skills=Writing")).json();
    expect(bySkill.opportunities.map((o: { title: string }) => o.title)).toEqual(["Filter mentoring"]);
    const byDuration = (await list(student, "?search=Filter&duration=instant")).json();
    expect(byDuration.total).toBe(1);
    const paged = (await list(student, "?search=Filter&limit=1&offset=1")).json();
    expect(paged.opportunities).toHaveLength(1);
    expect(paged.total).toBe(2);
    expect(paged.opportunities[0].title).toBe("Filter donation");
    // A filter repeated more often than it has choices is refused, not turned into a huge query.
    const repeats = (count: number) => `?${Array.from({ length: count }, () => "type=donation").join("&")}`;
    expect((await list(student, repeats(MAX_REPEATED_VALUES))).statusCode).toBe(200);
    const tooMany = await list(student, repeats(MAX_REPEATED_VALUES + 1));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(`At most ${MAX_REPEATED_VALUES} values`);
  });

  it("treats search text literally", async () => {
    await create({ title: "100% fun_day" });
    const literal = (await list(student, `?search=${encodeURIComponent("100%")}`)).json();
    expect(literal.opportunities.map((o: { title: string }) => o.title)).toEqual(["100% fun_day"]);
    const underscore = (await list(student, `?search=${encodeURIComponent("0_ f")}`)).json();
    expect(underscore.total).toBe(0);
  });

  it("searches every word in titles, both descriptions and skills; the place has its own filter", async () => {
    await create({
      title: "Wordy alpha",
      shortDescription: "Short zebrafinch",
      fullDescription: "Long text about quokkas",
      location: "Yelahanka",
      skills: ["Leadership"],
    });
    const titles = async (search: string) =>
      (await list(student, `?search=${encodeURIComponent(search)}`))
        .json()
        .opportunities.map((o: { title: string }) => o.title);
    expect(await titles("quokkas")).toEqual(["Wordy alpha"]);
    expect(await titles("zebrafinch")).toEqual(["Wordy alpha"]);
    expect(await titles("wordy leadership")).toEqual(["Wordy alpha"]);
    expect(await titles("quokkas  zebrafinch alpha")).toEqual(["Wordy alpha"]);
    const placed = await list(student, "?search=wordy&location=yelahanka");
    expect(placed.json().total).toBe(1);
    expect(await titles("quokkas cooking")).toEqual([]);
  });

  it("leaves out what the student applied to when asked (hideApplied), and only then", async () => {
    const applied = await create({ title: "Hidden once applied" });
    await create({ title: "Hidden never applied" });
    const response = await as(t.app, student, {
      method: "POST",
      url: "/api/applications",
      payload: { opportunityId: applied.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    const both = (await list(student, "?search=Hidden")).json();
    expect(both.total).toBe(2);
    const discover = (await list(student, "?search=Hidden&hideApplied=true")).json();
    expect(discover.opportunities.map((o: { title: string }) => o.title)).toEqual(["Hidden never applied"]);
    expect(discover.total).toBe(1);
    // An admin applies to nothing: the parameter changes nothing for them.
    expect((await list(admin, "?search=Hidden&hideApplied=true")).json().total).toBe(2);
  });

  it.each([
    "?limit=0",
    "?limit=101",
    "?limit=abc",
    "?offset=-1",
    "?type=party",
    "?skills=Juggling",
    "?sort=best",
    "?hideApplied=yes",
  ])("answers 400 to %s", async (query) => {
    expect((await list(student, query)).statusCode).toBe(400);
  });

  it("answers 304 to a matching If-None-Match and a new ETag once something changes", async () => {
    const first = await list(student);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await as(t.app, student, {
      method: "GET",
      url: "/api/opportunities",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    await create({ title: "Something new" });
    const changed = await as(t.app, student, {
      method: "GET",
      url: "/api/opportunities",
      headers: { "if-none-match": etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("needs a signed-in user", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/opportunities" })).statusCode).toBe(401);
  });
});

describe("one opportunity", () => {
  it("is readable when signed in, with the viewer's own application for a student", async () => {
    const created = await create({ title: "Detail" });
    const anonymous = await t.app.inject({ method: "GET", url: `/api/opportunities/${created.id}` });
    expect(anonymous.statusCode).toBe(401);
    const before = await as(t.app, student, { method: "GET", url: `/api/opportunities/${created.id}` });
    expect(before.json().viewerApplication).toBeNull();
    await as(t.app, student, {
      method: "POST",
      url: "/api/applications",
      payload: { opportunityId: created.id },
    });
    const mine = await as(t.app, student, { method: "GET", url: `/api/opportunities/${created.id}` });
    expect(mine.json().viewerApplication).toMatchObject({ status: "pending" });
    expect(mine.json()._count.applications).toBe(1);
  });

  it("answers 404 'Opportunity not found' for a missing id and 400 for a malformed one", async () => {
    const missing = await as(t.app, student, { method: "GET", url: "/api/opportunities/987654" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Opportunity not found");
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect((await as(t.app, student, { method: "GET", url: `/api/opportunities/${id}` })).statusCode).toBe(
        400,
      );
    }
  });
});

describe("closing and deleting", () => {
  it("closes only an open opportunity", async () => {
    const created = await create();
    const closed = await as(t.app, admin, { method: "PATCH", url: `/api/opportunities/${created.id}/close` });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe("closed");
    const again = await as(t.app, admin, { method: "PATCH", url: `/api/opportunities/${created.id}/close` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Only an open opportunity can be closed; this one is closed");
    expect(
      (await as(t.app, admin, { method: "PATCH", url: "/api/opportunities/999999/close" })).statusCode,
    ).toBe(404);
  });

  it("deletes the opportunity and its applications but keeps coins already earned", async () => {
    const created = await create({ title: "To delete" });
    const learner = await createTestUser(t.db);
    const learnerCookie = await signIn(t.app, learner.email);
    const applied = await as(t.app, learnerCookie, {
      method: "POST",
      url: "/api/applications",
      payload: { opportunityId: created.id },
    });
    await t.db.insert(coinLedger).values({
      userId: learner.id,
      amount: 40,
      reason: "Hours approved",
      applicationId: applied.json().id,
      opportunityId: created.id,
      opportunityTitle: "To delete",
    });
    await t.db.update(users).set({ coins: 40 }).where(eq(users.id, learner.id));

    const removed = await as(t.app, admin, { method: "DELETE", url: `/api/opportunities/${created.id}` });
    expect(removed.statusCode).toBe(200);
    expect(await t.db.select().from(opportunities).where(eq(opportunities.id, created.id))).toHaveLength(0);
    expect(
      await t.db.select().from(applications).where(eq(applications.opportunityId, created.id)),
    ).toHaveLength(0);
    const [entry] = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, learner.id));
    expect(entry).toMatchObject({
      amount: 40,
      opportunityId: null,
      applicationId: null,
      opportunityTitle: "To delete",
    });
    expect(
      (await as(t.app, admin, { method: "DELETE", url: `/api/opportunities/${created.id}` })).statusCode,
    ).toBe(404);
  });

  it("shows 'Former admin' once the creating admin's account is deleted", async () => {
    const leaving = await createTestUser(t.db, { role: "admin" });
    const leavingCookie = await signIn(t.app, leaving.email);
    const response = await as(t.app, leavingCookie, {
      method: "POST",
      url: "/api/opportunities",
      payload: fullInput,
    });
    const id = response.json().id;
    expect((await as(t.app, leavingCookie, { method: "DELETE", url: "/api/auth/account" })).statusCode).toBe(
      200,
    );
    const after = await as(t.app, student, { method: "GET", url: `/api/opportunities/${id}` });
    expect(after.json()).toMatchObject({
      createdBy: null,
      creator: { firstName: "Former admin", lastName: "" },
    });
  });
});

describe("admin lists", () => {
  it("pages the manager's list newest first, equal creation times by id, without repeating or skipping", async () => {
    const createdAt = new Date("2026-03-01T10:00:00Z");
    const inserted = await t.db
      .insert(opportunities)
      .values(
        [1, 2, 3, 4, 5].map((n) => ({
          title: `Paged ${n}`,
          shortDescription: "Paged",
          fullDescription: "Paged",
          createdBy: adminId,
          createdAt: n <= 3 ? createdAt : new Date(createdAt.getTime() + n * 60_000),
        })),
      )
      .returning({ id: opportunities.id });
    const [one, two, three, four, five] = inserted.map((row) => row.id);
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await as(t.app, admin, {
        method: "GET",
        url: `/api/admin/opportunities?search=Paged&limit=2&offset=${offset}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-total-count"]).toBe("5");
      pages.push(...page.json().map((opportunity: { id: number }) => opportunity.id));
    }
    expect(pages).toEqual([five, four, one, two, three]);
  });

  it("lists every status with the manager's counts, filters by status and search", async () => {
    const created = await create({ title: "Counted", status: "open" });
    const [a, b] = [await createTestUser(t.db), await createTestUser(t.db)];
    for (const user of [a, b]) {
      await as(t.app, await signIn(t.app, user.email), {
        method: "POST",
        url: "/api/applications",
        payload: { opportunityId: created.id },
      });
    }
    await t.db
      .update(applications)
      .set({ status: "hours_approved", hoursCompleted: 7.5 })
      .where(eq(applications.userId, a.id));
    const response = await as(t.app, admin, {
      method: "GET",
      url: "/api/admin/opportunities?search=Counted",
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("1");
    expect(response.json()[0]).toMatchObject({
      title: "Counted",
      counts: { pending: 1, accepted: 0, hoursSubmitted: 0, completed: 1, rejected: 0 },
      completedHours: 7.5,
      _count: { applications: 2 },
    });
    const closedOnly = (
      await as(t.app, admin, { method: "GET", url: "/api/admin/opportunities?status=closed" })
    ).json();
    expect(closedOnly.every((o: { status: string }) => o.status === "closed")).toBe(true);
    expect(closedOnly.length).toBeGreaterThan(0);

    const progressReply = await as(t.app, admin, { method: "GET", url: "/api/opportunity-progress" });
    const progress = progressReply.json();
    expect(progress).toContainEqual({ id: created.id, completedHours: 7.5 });
    // A bounded page in opportunity order, with the total of opportunities that have hours served.
    const total = Number(progressReply.headers["x-total-count"]);
    expect(total).toBe(progress.length);
    const ids = progress.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const second = await as(t.app, admin, {
      method: "GET",
      url: "/api/opportunity-progress?limit=1&offset=1",
    });
    expect(second.json()).toEqual(progress.slice(1, 2));
    expect(second.headers["x-total-count"]).toBe(String(total));
    const tooMany = await as(t.app, admin, { method: "GET", url: "/api/opportunity-progress?limit=501" });
    expect(tooMany.statusCode).toBe(400);
    expect((await as(t.app, student, { method: "GET", url: "/api/admin/opportunities" })).statusCode).toBe(
      403,
    );
  });
});
