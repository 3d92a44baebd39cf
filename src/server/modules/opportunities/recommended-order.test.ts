// 'recommended' for a student who gave interests takes its page from the opportunities sharing three (or two) or
// more of them (found by the interest terms' index) and the best paid of each rank below (ADR 0077), not from
// every match ranked. Held here to its definition on random opportunities and interests, on both engines: the
// highest match first (a shared skill each, one more for a shared type), then the best paid, the newest, the
// highest id; paged without repeating or skipping one, leaving out what the student applied to, filtered, and past
// MOST_INTEREST_SEARCHES (every match ranked) the same.

import type { DatabaseHandle } from "@server/db/client";
import { applications } from "@server/db/schema";
import { OPPORTUNITY_TEMPLATES, seededRandom } from "@server/demo/factories";
import { OPPORTUNITY_TYPES, type OpportunityType, SKILLS, type Skill } from "@shared/domain/enums";
import { createTestUser } from "@test/app";
import { createTestDatabase } from "@test/db";
import { insertOpportunity } from "@test/workflow-helpers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOpenOpportunities, type OpenOpportunitiesQuery } from "./opportunities.service";
import { type Interests, MOST_INTEREST_SEARCHES } from "./opportunity-search";

let handle: DatabaseHandle;
let studentId: number;
const random = seededRandom(2077);
const rows: {
  id: number;
  skills: string[];
  type: string;
  coinsPerHour: number;
  createdAt: number;
  listed: boolean;
}[] = [];
const applied = new Set<number>();

function someOf<T>(items: readonly T[], most: number): T[] {
  const count = random.int(0, most);
  return [...new Set(Array.from({ length: count }, () => random.pick(items)))];
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const admin = await createTestUser(handle.db, { role: "admin" });
  studentId = (await createTestUser(handle.db)).id;
  const template = OPPORTUNITY_TEMPLATES[0];
  if (!template) throw new Error("no template");
  const start = Date.parse("2026-06-01T00:00:00Z");
  for (let index = 0; index < 160; index++) {
    const skills = someOf(SKILLS, 4);
    const status = random.next() < 0.85 ? "open" : random.pick(["closed", "filled"] as const);
    const visibility = random.next() < 0.9 ? "public" : "private";
    // Few rewards and a few shared moments, so ties go to the later terms of the order.
    const row = await insertOpportunity(handle.db, admin.id, {
      skills,
      type: random.pick(OPPORTUNITY_TYPES),
      coinsPerHour: random.pick([5, 10, 10, 20, 40]),
      createdAt: new Date(start + random.int(0, 40) * 3_600_000),
      status,
      visibility,
    });
    rows.push({
      id: row.id,
      skills: row.skills,
      type: row.type,
      coinsPerHour: row.coinsPerHour,
      createdAt: row.createdAt.getTime(),
      listed: status === "open" && visibility === "public",
    });
  }
  for (const row of rows.filter(() => random.next() < 0.1)) {
    await handle.db.insert(applications).values({ userId: studentId, opportunityId: row.id });
    applied.add(row.id);
  }
}, 120_000);
afterAll(() => handle?.close());

/** The definition: every listed match ranked, in the order the contract describes. */
function expectedOrder(interests: Interests, keep: (row: (typeof rows)[number]) => boolean): number[] {
  const skills = new Set(interests.skills);
  const rank = (row: (typeof rows)[number]) =>
    row.skills.filter((skill) => skills.has(skill)).length + (interests.types.includes(row.type) ? 1 : 0);
  return rows
    .filter((row) => row.listed && keep(row))
    .sort(
      (a, b) =>
        rank(b) - rank(a) || b.coinsPerHour - a.coinsPerHour || b.createdAt - a.createdAt || b.id - a.id,
    )
    .map((row) => row.id);
}

async function page(query: Partial<OpenOpportunitiesQuery>) {
  const body = await listOpenOpportunities(handle.db, {
    sort: "recommended",
    limit: 100,
    offset: 0,
    ...query,
  } as OpenOpportunitiesQuery);
  const parsed = JSON.parse(body.text) as { opportunities: { id: number }[]; total: number };
  return { ids: parsed.opportunities.map((row) => row.id), total: parsed.total };
}

const choose = (n: number, k: number): number =>
  k < 0 || k > n ? 0 : k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k;

/** From which rank the candidates are found through the index (undefined: every match ranked), as ADR 0077 says. */
function indexedFrom(interests: Interests): number | undefined {
  const skills = interests.skills.length;
  const searches = (size: number) => choose(skills, size) + choose(skills, size - 1) * interests.types.length;
  return [3, 2].find((size) => searches(size) <= MOST_INTEREST_SEARCHES);
}

describe("'recommended' by a student's interests", () => {
  it("ranks as its definition on random interests, paged, without what the student applied to, and filtered", async () => {
    const cases: Interests[] = [
      // One interest; two skills and a type; five skills and a type (pairs searched, not triples); every skill
      // and type (every match ranked).
      { skills: ["Maths"], types: [] },
      { skills: [], types: ["teaching"] },
      { skills: ["Maths", "Languages"], types: ["teaching"] },
      { skills: ["Maths", "Languages", "Arts", "Music", "Sports"], types: ["mentoring"] },
      { skills: [...SKILLS], types: [...OPPORTUNITY_TYPES] },
    ];
    for (let index = 0; index < 30; index++) {
      cases.push({
        skills: someOf<Skill>(SKILLS, 5),
        types: someOf<OpportunityType>(OPPORTUNITY_TYPES, 2),
      });
    }
    const interestsCases = cases.filter((interests) => interests.skills.length + interests.types.length > 0);
    const paths = new Set(interestsCases.map((interests) => String(indexedFrom(interests))));
    expect([...paths].sort()).toEqual(["2", "3", "undefined"]);

    for (const interests of interestsCases) {
      const label = JSON.stringify(interests);
      const all = expectedOrder(interests, () => true);
      expect((await page({ interests })).ids, label).toEqual(all.slice(0, 100));
      // Pages of five from the start and past the end.
      const paged: number[] = [];
      for (let offset = 0; offset <= all.length; offset += 5) {
        paged.push(...(await page({ interests, limit: 5, offset })).ids);
      }
      expect(paged, label).toEqual(all);

      const discover = expectedOrder(interests, (row) => !applied.has(row.id));
      const first = await page({ interests, limit: 12, notAppliedBy: studentId });
      expect(first.ids, label).toEqual(discover.slice(0, 12));
      expect(first.total, label).toBe(discover.length);
      const second = await page({ interests, limit: 12, offset: 12, notAppliedBy: studentId });
      expect(second.ids, label).toEqual(discover.slice(12, 24));

      const paidWell = expectedOrder(interests, (row) => row.coinsPerHour >= 20);
      expect((await page({ interests, minCoinsPerHour: 20 })).ids, label).toEqual(paidWell.slice(0, 100));
    }
  });
});
