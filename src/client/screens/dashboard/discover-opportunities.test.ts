import { describe, expect, it } from "vitest";
import { type DiscoverSort, discoverOpportunities } from "./discover-opportunities";

type Sample = Parameters<typeof discoverOpportunities>[0][number];

let nextId = 1;
function opportunity(overrides: Partial<Sample> = {}): Sample {
  const id = nextId++;
  return {
    id,
    title: `Opportunity ${id}`,
    shortDescription: "Help out",
    skills: [],
    location: null,
    type: "teaching",
    status: "open",
    duration: "1week",
    coinsPerHour: 10,
    createdAt: `2026-01-${String(id).padStart(2, "0")}T10:00:00.000Z`,
    ...overrides,
  };
}

function titles(sort: DiscoverSort, list: Sample[], search = "", applied: number[] = []) {
  return discoverOpportunities(list, { search, sort, appliedOpportunityIds: new Set(applied) }).map(
    (item) => item.opportunity.title,
  );
}

describe("discoverOpportunities", () => {
  const rates = [5, 40, 15, 25, 30, 10, 35, 20].map((coinsPerHour) =>
    opportunity({ coinsPerHour, title: `Rate ${coinsPerHour}` }),
  );

  it("recommends the six best paid, the first three as perfect matches", () => {
    const items = discoverOpportunities(rates, {
      search: "",
      sort: "recommended",
      appliedOpportunityIds: new Set(),
    });
    expect(items.map((item) => item.opportunity.coinsPerHour)).toEqual([40, 35, 30, 25, 20, 15]);
    expect(items.map((item) => item.isPerfectMatch)).toEqual([true, true, true, false, false, false]);
  });

  it("sorts every opportunity by reward for high_reward, without perfect matches", () => {
    const items = discoverOpportunities(rates, {
      search: "",
      sort: "high_reward",
      appliedOpportunityIds: new Set(),
    });
    expect(items.map((item) => item.opportunity.coinsPerHour)).toEqual([40, 35, 30, 25, 20, 15, 10, 5]);
    expect(items.some((item) => item.isPerfectMatch)).toBe(false);
  });

  it("keeps only instant and 1-3 day opportunities for quick_wins, newest first", () => {
    const list = [
      opportunity({ title: "Instant", duration: "instant" }),
      opportunity({ title: "Weekend", duration: "1-3days" }),
      opportunity({ title: "Month", duration: "2-4weeks" }),
      opportunity({ title: "Custom", duration: "custom" }),
    ];
    expect(titles("quick_wins", list)).toEqual(["Weekend", "Instant"]);
  });

  it("puts the newest first for new", () => {
    const list = [
      opportunity({ title: "Old" }),
      opportunity({ title: "Newer" }),
      opportunity({ title: "Newest" }),
    ];
    expect(titles("new", list)).toEqual(["Newest", "Newer", "Old"]);
  });

  it("hides opportunities already applied to and ones that are not open", () => {
    const applied = opportunity({ title: "Applied" });
    const list = [
      applied,
      opportunity({ title: "Closed", status: "closed" }),
      opportunity({ title: "Filled", status: "filled" }),
      opportunity({ title: "Available" }),
    ];
    for (const sort of ["recommended", "high_reward", "new"] as const) {
      expect(titles(sort, list, "", [applied.id])).toEqual(["Available"]);
    }
  });

  it("searches titles, descriptions, skills, location and type, every word, ignoring case", () => {
    const list = [
      opportunity({ title: "Teach maths", skills: ["Maths"], location: "Bannerghatta Road" }),
      opportunity({ title: "Food drive", shortDescription: "Collect rice for families", type: "donation" }),
      opportunity({ title: "Coding club", skills: ["Computers"], type: "mentoring" }),
    ];
    expect(titles("new", list, "MATHS")).toEqual(["Teach maths"]);
    expect(titles("new", list, "rice families")).toEqual(["Food drive"]);
    expect(titles("new", list, "computers mentoring")).toEqual(["Coding club"]);
    expect(titles("new", list, "bannerghatta")).toEqual(["Teach maths"]);
    expect(titles("new", list, "community")).toEqual([]);
    expect(titles("new", list, "  ")).toHaveLength(3);
  });

  it("searches before limiting the recommendations", () => {
    const list = [
      ...Array.from({ length: 7 }, (_, index) =>
        opportunity({ coinsPerHour: 100 + index, title: `Rich ${index}` }),
      ),
      opportunity({ coinsPerHour: 1, title: "Poor but wanted" }),
    ];
    expect(titles("recommended", list, "wanted")).toEqual(["Poor but wanted"]);
  });
});
