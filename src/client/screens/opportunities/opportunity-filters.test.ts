import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  effectiveSort,
  filtersFromParams,
  listQueryOf,
  paramsFromFilters,
  sortsFor,
} from "./opportunity-filters";

describe("the filters in the address", () => {
  it("reads every filter and writes them back in a fixed order", () => {
    const address =
      "search=maths&type=teaching&skills=Maths&skills=Music&duration=instant&location=Koramangala&hasRoom=true&minCoinsPerHour=20&startsFrom=2026-12-05&sort=soonest";
    const filters = filtersFromParams(new URLSearchParams(address));
    expect(filters).toEqual({
      search: "maths",
      type: ["teaching"],
      skills: ["Maths", "Music"],
      duration: ["instant"],
      location: "Koramangala",
      hasRoom: true,
      minCoinsPerHour: "20",
      startsFrom: "2026-12-05",
      sort: "soonest",
    });
    expect(paramsFromFilters(filters).toString()).toBe(address);
    expect(activeFilterCount(filters)).toBe(7);
  });

  it("drops what the server would refuse instead of failing the page", () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        "type=party&skills=Juggling&minCoinsPerHour=0&startsFrom=5-12-2026&sort=best&hasRoom=yes",
      ),
    );
    expect(filters).toMatchObject({
      type: [],
      skills: [],
      minCoinsPerHour: "",
      startsFrom: "",
      sort: undefined,
    });
    expect(filters.hasRoom).toBe(false);
    expect(activeFilterCount(filters)).toBe(0);
    expect(paramsFromFilters(filters).toString()).toBe("");
  });

  it("ranks by relevance while searching, newest otherwise, and offers recommended to students only", () => {
    const none = filtersFromParams(new URLSearchParams(""));
    expect(effectiveSort(none, true)).toBe("new");
    expect(effectiveSort({ ...none, search: "maths" }, true)).toBe("relevance");
    expect(effectiveSort({ ...none, sort: "relevance" }, true)).toBe("new");
    expect(effectiveSort({ ...none, sort: "recommended" }, false)).toBe("new");
    expect(sortsFor(false, true)).toEqual(["new", "high_reward", "soonest", "recommended"]);
    expect(sortsFor(true, false)).toEqual(["relevance", "new", "high_reward", "soonest"]);
    expect(listQueryOf({ ...none, minCoinsPerHour: "15", hasRoom: true }, true)).toMatchObject({
      minCoinsPerHour: 15,
      hasRoom: "true",
      sort: "new",
      search: undefined,
    });
  });
});
