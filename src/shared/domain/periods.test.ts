import { describe, expect, it } from "vitest";
import { dayRange, schoolDate, startOfMonth, startOfTerm } from "./periods";

describe("school periods (IST)", () => {
  it("uses India's calendar date, not UTC's", () => {
    // 20:00 UTC on 31 Jan is 01:30 on 1 Feb in India.
    expect(schoolDate(new Date("2026-01-31T20:00:00Z"))).toEqual({ year: 2026, month: 2, day: 1 });
    expect(startOfMonth(new Date("2026-01-31T20:00:00Z")).toISOString()).toBe("2026-01-31T18:30:00.000Z");
  });

  it("finds the current term from the term-start months", () => {
    expect(startOfTerm(new Date("2026-11-22T10:00:00Z"), [1, 7]).toISOString()).toBe(
      "2026-06-30T18:30:00.000Z",
    );
    expect(startOfTerm(new Date("2026-03-05T10:00:00Z"), [1, 7]).toISOString()).toBe(
      "2025-12-31T18:30:00.000Z",
    );
    expect(startOfTerm(new Date("2026-03-05T10:00:00Z"), [7]).toISOString()).toBe("2025-06-30T18:30:00.000Z");
  });

  it("spans the last n school days ending with today's, in India", () => {
    const range = dayRange(new Date("2026-11-22T20:00:00Z"), 7);
    // 20:00 UTC is already 23 November in India: the range ends at the close of that day.
    expect(range.start.toISOString()).toBe("2026-11-16T18:30:00.000Z");
    expect(range.end.toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(dayRange(new Date("2026-11-22T10:00:00Z"), 365).start.toISOString()).toBe(
      "2025-11-22T18:30:00.000Z",
    );
  });
});
