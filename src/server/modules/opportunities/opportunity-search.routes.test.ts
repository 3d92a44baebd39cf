// The students' feed's filters, full-text search and orders (docs/product-rules.md §12, ADR 0034). Each test
// marks its opportunities with a made-up word and searches for it, so the tests do not see each other's rows.
import { applications, opportunities, users } from "@server/db/schema";
import { as, createTestApp, createTestUser, signIn, type TestContext } from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;
let admin: string;
let student: string;
let studentId: number;

const base = {
  title: "Opportunity",
  shortDescription: "Something useful",
  fullDescription: "Details to follow.",
  type: "teaching",
  duration: "1week",
  status: "open",
  coinsPerHour: 10,
  maxCoins: 100,
  visibility: "public",
};

async function create(overrides: Record<string, unknown>) {
  const response = await as(t.app, admin, {
    method: "POST",
    url: "/api/opportunities",
    payload: { ...base, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; title: string };
}

async function titles(query: Record<string, string | string[]>, cookie = student) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of [value].flat()) params.append(key, one);
  }
  const response = await as(t.app, cookie, { method: "GET", url: `/api/opportunities?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { opportunities: { title: string }[]; total: number };
  return { titles: body.opportunities.map((o) => o.title), total: body.total };
}

beforeAll(async () => {
  t = await createTestApp();
  const adminUser = await createTestUser(t.db, { role: "admin" });
  admin = await signIn(t.app, adminUser.email);
  const studentUser = await createTestUser(t.db);
  studentId = studentUser.id;
  student = await signIn(t.app, studentUser.email);
});
afterAll(() => t?.close());

describe("full-text search", () => {
  it("ranks a title match above a description match, and finds words by their stem", async () => {
    await create({ title: "Garden day", fullDescription: "We will teach pupils about the quillwort plant." });
    await create({ title: "Quillwort survey", fullDescription: "Count plants along the lake." });
    await create({ title: "Quillwort notes", shortDescription: "Write up the quillwort findings" });
    const ranked = await titles({ search: "quillwort", sort: "relevance" });
    expect(ranked.titles[0]).toMatch(/^Quillwort/);
    expect(ranked.titles.at(-1)).toBe("Garden day");
    expect(ranked.total).toBe(3);
    // Stemming: 'teaching' finds 'teach'.
    expect((await titles({ search: "teaching quillwort" })).titles).toEqual(["Garden day"]);
  });

  it("answers a search without a sort best match first, and newest first when asked", async () => {
    await create({ title: "Zephyrine notes", fullDescription: "Write up what the group found." });
    await create({ title: "Lantern walk", fullDescription: "A walk past the zephyrine gardens." });
    expect((await titles({ search: "zephyrine" })).titles).toEqual(["Zephyrine notes", "Lantern walk"]);
    expect((await titles({ search: "zephyrine", sort: "new" })).titles).toEqual([
      "Lantern walk",
      "Zephyrine notes",
    ]);
  });

  it("searches titles, both descriptions and skills; quotes, -words and a half-typed last word work", async () => {
    await create({
      title: "Marigold stall",
      shortDescription: "Sell marigold garlands",
      fullDescription: "Proceeds go to the night school.",
      skills: ["Leadership"],
    });
    await create({ title: "Marigold mural", shortDescription: "Paint a marigold wall", skills: ["Arts"] });
    expect((await titles({ search: "marigold night school" })).titles).toEqual(["Marigold stall"]);
    expect((await titles({ search: "marigold leadership" })).titles).toEqual(["Marigold stall"]);
    expect((await titles({ search: "marigold -leadership" })).titles).toEqual(["Marigold mural"]);
    expect((await titles({ search: '"marigold wall"' })).titles).toEqual(["Marigold mural"]);
    expect((await titles({ search: "marigold mur" })).titles).toEqual(["Marigold mural"]);
    expect((await titles({ search: "marig" })).total).toBe(2);
    // A prefix the stemmer would change ('…timy' → '…timi') is also tried as typed.
    await create({ title: "Tulsi kathaiditimynr" });
    expect((await titles({ search: "kathaiditimy" })).titles).toEqual(["Tulsi kathaiditimynr"]);
    expect((await titles({ search: "tulsi kathaiditimy" })).titles).toEqual(["Tulsi kathaiditimynr"]);
    expect((await titles({ search: "marigold cooking" })).total).toBe(0);
    // Operators of to_tsquery are just text here.
    expect((await titles({ search: "marigold & | ! :* (" })).total).toBe(2);
  });

  it("finds a word from any half of it typed, where its stem is shorter than what was typed", async () => {
    // The stems are 'educ', 'cultur', 'festiv', 'environment', 'teach' and 'import': each half-typed word below is
    // longer than its stem and not a prefix of it, so only the words as written find it.
    await create({
      title: "Hibiscus educational festival",
      shortDescription: "Cultural evenings for environmental teaching",
      fullDescription: "An important week.",
    });
    await create({ title: "Hibiscus survey" });
    for (const typed of ["educati", "festiva", "cultura", "environmenta", "teachin", "importa"]) {
      expect((await titles({ search: `hibiscus ${typed}` })).titles, typed).toEqual([
        "Hibiscus educational festival",
      ]);
      expect((await titles({ search: typed })).titles, typed).toContain("Hibiscus educational festival");
    }
    // Whole words still find every form of themselves, and a prefix of no word finds nothing.
    expect((await titles({ search: "hibiscus educate" })).titles).toEqual(["Hibiscus educational festival"]);
    expect((await titles({ search: "hibiscus festivals" })).titles).toEqual([
      "Hibiscus educational festival",
    ]);
    expect((await titles({ search: "hibiscus educatx" })).total).toBe(0);
  });

  it("falls back to newest first for relevance without search text", async () => {
    const first = await create({ title: "Relevance fallback older" });
    const second = await create({ title: "Relevance fallback newer" });
    const { titles: order } = await titles({ sort: "relevance", limit: "2" });
    expect(order).toEqual([second.title, first.title]);
  });
});

describe("filters", () => {
  it("filters by location text, in any case and literally", async () => {
    await create({ title: "Placed jacaranda one", location: "Koramangala 4th Block" });
    await create({ title: "Placed jacaranda two", location: "Jayanagar" });
    await create({ title: "Placed jacaranda three" });
    expect((await titles({ search: "jacaranda", location: "koramangala" })).titles).toEqual([
      "Placed jacaranda one",
    ]);
    expect((await titles({ search: "jacaranda", location: "%" })).total).toBe(0);
    expect((await titles({ search: "jacaranda", location: "  " })).total).toBe(3);
  });

  it("filters by minimum coins per hour, inclusive", async () => {
    await create({ title: "Paid tamarind low", coinsPerHour: 9 });
    await create({ title: "Paid tamarind exact", coinsPerHour: 20 });
    await create({ title: "Paid tamarind high", coinsPerHour: 50 });
    const { titles: paid } = await titles({ search: "tamarind", minCoinsPerHour: "20", sort: "high_reward" });
    expect(paid).toEqual(["Paid tamarind high", "Paid tamarind exact"]);
  });

  it("keeps only those with room: no capacity, or fewer places held than it (rejected and withdrawn free one)", async () => {
    const full = await create({ title: "Roomy banyan full", capacity: 2 });
    const freed = await create({ title: "Roomy banyan freed", capacity: 2 });
    await create({ title: "Roomy banyan unlimited" });
    const others = await Promise.all([createTestUser(t.db), createTestUser(t.db)]);
    const [one, two] = others.map((user) => user.id) as [number, number];
    await t.db.insert(applications).values([
      { opportunityId: full.id, userId: one, status: "pending" },
      { opportunityId: full.id, userId: two, status: "completed" },
      { opportunityId: freed.id, userId: one, status: "rejected" },
      { opportunityId: freed.id, userId: two, status: "withdrawn" },
      { opportunityId: freed.id, userId: studentId, status: "accepted" },
    ]);
    const roomy = await titles({ search: "banyan", hasRoom: "true" });
    expect(roomy.titles.sort()).toEqual(["Roomy banyan freed", "Roomy banyan unlimited"]);
    expect((await titles({ search: "banyan", hasRoom: "false" })).total).toBe(3);
  });

  it("keeps those starting on or after a day in India, leaving out undated ones", async () => {
    // 00:00 in India on 10 December is 18:30 UTC on 9 December.
    await create({ title: "Dated peepal on", startsAt: "2026-12-09T18:30:00Z" });
    await create({ title: "Dated peepal before", startsAt: "2026-12-09T18:29:59Z" });
    await create({ title: "Dated peepal later", startsAt: "2027-01-05T09:00:00+05:30" });
    await create({ title: "Dated peepal undated" });
    const { titles: from } = await titles({ search: "peepal", startsFrom: "2026-12-10", sort: "soonest" });
    expect(from).toEqual(["Dated peepal on", "Dated peepal later"]);
  });

  it("combines type, skills and duration with the new filters", async () => {
    await create({ title: "Mixed neem a", type: "mentoring", skills: ["Writing"], duration: "instant" });
    await create({ title: "Mixed neem b", type: "mentoring", skills: ["Music"], coinsPerHour: 30 });
    await create({ title: "Mixed neem c", type: "donation", skills: ["Writing"], coinsPerHour: 30 });
    const query = { search: "neem", type: "mentoring" };
    expect((await titles({ ...query, skills: "Writing" })).titles).toEqual(["Mixed neem a"]);
    expect((await titles({ ...query, duration: "instant" })).titles).toEqual(["Mixed neem a"]);
    expect((await titles({ ...query, minCoinsPerHour: "30" })).titles).toEqual(["Mixed neem b"]);
    expect((await titles({ search: "neem", skills: ["Writing", "Music"] })).total).toBe(3);
  });

  it.each([
    `?location=${"x".repeat(201)}`,
    "?hasRoom=yes",
    "?minCoinsPerHour=0",
    "?minCoinsPerHour=1001",
    "?minCoinsPerHour=1.5",
    "?minCoinsPerHour=lots",
    "?startsFrom=10-12-2026",
    "?startsFrom=2026-02-30",
    "?sort=popular",
  ])("answers 400 with a message to %s", async (query) => {
    const response = await as(t.app, student, { method: "GET", url: `/api/opportunities${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});

describe("sorts and pages", () => {
  it("orders by starting soonest with undated ones last, then newest", async () => {
    await create({ title: "Sorted mango undated old" });
    await create({ title: "Sorted mango late", startsAt: "2027-03-01T10:00:00+05:30" });
    await create({ title: "Sorted mango early", startsAt: "2027-02-01T10:00:00+05:30" });
    await create({ title: "Sorted mango undated new" });
    expect((await titles({ search: "mango", sort: "soonest" })).titles).toEqual([
      "Sorted mango early",
      "Sorted mango late",
      "Sorted mango undated new",
      "Sorted mango undated old",
    ]);
  });

  it("orders by reward, then newest, and by newest", async () => {
    await create({ title: "Sorted guava ten", coinsPerHour: 10 });
    await create({ title: "Sorted guava forty", coinsPerHour: 40 });
    await create({ title: "Sorted guava ten again", coinsPerHour: 10 });
    expect((await titles({ search: "guava", sort: "high_reward" })).titles).toEqual([
      "Sorted guava forty",
      "Sorted guava ten again",
      "Sorted guava ten",
    ]);
    expect((await titles({ search: "guava", sort: "new" })).titles).toEqual([
      "Sorted guava ten again",
      "Sorted guava forty",
      "Sorted guava ten",
    ]);
  });

  it("recommends by the match with the student's interests, then reward; reward order without interests", async () => {
    await create({ title: "Matched papaya none", type: "donation", skills: ["Sports"], coinsPerHour: 90 });
    await create({ title: "Matched papaya skill", type: "donation", skills: ["Maths"], coinsPerHour: 20 });
    await create({ title: "Matched papaya type", type: "mentoring", skills: [], coinsPerHour: 30 });
    await create({
      title: "Matched papaya both",
      type: "mentoring",
      skills: ["Maths", "Music", "Arts"],
      coinsPerHour: 5,
    });
    const fan = await createTestUser(t.db);
    await t.db
      .update(users)
      .set({ interestSkills: ["Maths", "Music"], interestTypes: ["mentoring"] })
      .where(eq(users.id, fan.id));
    const fanCookie = await signIn(t.app, fan.email);
    const query = { search: "papaya", sort: "recommended" };
    expect((await titles(query, fanCookie)).titles).toEqual([
      "Matched papaya both",
      // One point each (a shared skill, a shared type): the better paid first.
      "Matched papaya type",
      "Matched papaya skill",
      "Matched papaya none",
    ]);
    // Another student's answer is their own, even right after the first one was cached.
    expect((await titles(query, student)).titles).toEqual([
      "Matched papaya none",
      "Matched papaya type",
      "Matched papaya skill",
      "Matched papaya both",
    ]);
  });

  it("pages every order without repeating or skipping, with the total of every match", async () => {
    for (const [index, coins] of [10, 10, 20, 20, 30].entries()) {
      await create({ title: `Paged lychee ${index}`, coinsPerHour: coins, startsAt: null });
    }
    for (const sort of ["new", "high_reward", "relevance", "soonest", "recommended"]) {
      const seen: string[] = [];
      for (const offset of [0, 2, 4]) {
        const page = await titles({ search: "lychee", sort, limit: "2", offset: String(offset) });
        expect(page.total).toBe(5);
        seen.push(...page.titles);
      }
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
    }
  });

  it("never lists closed or private ones, whatever the filters", async () => {
    await create({ title: "Hidden kokum private", visibility: "private", coinsPerHour: 99 });
    const closed = await create({ title: "Hidden kokum closed" });
    await t.db.update(opportunities).set({ status: "closed" }).where(eq(opportunities.id, closed.id));
    await create({ title: "Hidden kokum shown" });
    expect((await titles({ search: "kokum", hasRoom: "true", sort: "recommended" })).titles).toEqual([
      "Hidden kokum shown",
    ]);
  });
});
