import { describe, expect, it } from "vitest";
import { DISCOVER_SORTS, discoverQuery } from "./discover-opportunities";

describe("discoverQuery", () => {
  it("asks the server for the interests match for recommended and the best paid first for high reward", () => {
    expect(discoverQuery("recommended", "")).toEqual({ search: undefined, sort: "recommended" });
    expect(discoverQuery("high_reward", "maths")).toEqual({ search: "maths", sort: "high_reward" });
  });

  it("asks for the newest work of a day or a few for quick wins", () => {
    expect(discoverQuery("quick_wins", "")).toEqual({
      search: undefined,
      sort: "new",
      duration: ["instant", "1-3days"],
    });
  });

  it("asks for the newest first, with the search trimmed and an empty one left out", () => {
    expect(discoverQuery("new", "  library  ")).toEqual({ search: "library", sort: "new" });
    for (const sort of DISCOVER_SORTS) expect(discoverQuery(sort, "   ").search).toBeUndefined();
  });
});
