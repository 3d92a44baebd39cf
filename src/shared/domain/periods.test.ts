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

  it("lists the last n school days ending today", () => {
    const range = dayRange(new Date("2026-11-22T20:00:00Z"), 7);
    expect(range.labels).toEqual([
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
    ]);
    expect(range.end.toISOString()).toBe("2026-11-23T18:30:00.000Z");
    expect(range.end.getTime() - range.start.getTime()).toBe(7 * 86_400_000);
  });

  it("labels each day's range for that day, however often ranges of other days and lengths are asked", () => {
    const days = ["2026-11-20T10:00:00Z", "2026-11-21T10:00:00Z", "2026-11-22T20:00:00Z"];
    for (let round = 0; round < 3; round++) {
      for (const [index, instant] of days.entries()) {
        for (const length of [1, 7, 30, 90, 365]) {
          const { labels } = dayRange(new Date(instant), length);
          expect(labels).toHaveLength(length);
          expect(labels.at(-1)).toBe(["2026-11-20", "2026-11-21", "2026-11-23"][index]);
        }
      }
    }
    expect(dayRange(new Date("2026-11-22T10:00:00Z"), 365).labels[0]).toBe("2025-11-23");
  });
});
