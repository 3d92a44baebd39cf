import { describe, expect, it } from "vitest";
import { chartPoints, daysPerPoint, MAX_CHART_POINTS, perPointText } from "./chart-points";

/** `days` consecutive days ending 2026-11-25, with `count(index)` applications on each. */
function series(days: number, count: (index: number) => number = () => 1) {
  const end = Date.UTC(2026, 10, 25);
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    count: count(index),
  }));
}

describe("the applications chart's points", () => {
  it.each([
    [7, 1, 7, "per day"],
    [30, 3, 10, "per 3 days"],
    [90, 7, 12, "per week"],
    [365, 28, 13, "per 4 weeks"],
  ])("cover a range of %i days in spans of %i days, %i points at most 14", (days, size, points, text) => {
    expect(daysPerPoint(days)).toBe(size);
    expect(perPointText(size)).toBe(text);
    const chart = chartPoints(series(days));
    expect(chart).toHaveLength(points);
    expect(chart.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    // Together they cover every day of the range once, so the chart's total is the range's total.
    expect(chart.reduce((sum, point) => sum + point.count, 0)).toBe(days);
    expect(chart[0]?.start).toBe(series(days)[0]?.date);
    expect(chart.at(-1)?.end).toBe("2026-11-25");
  });

  it("puts each day's applications in the span that holds it, the leftover days in the oldest", () => {
    const chart = chartPoints(series(30, (index) => index));
    // Ten spans of 3 days from the newest backwards: the newest holds days 27–29.
    expect(chart.at(-1)).toEqual({ start: "2026-11-23", end: "2026-11-25", count: 27 + 28 + 29 });
    expect(chart[0]).toEqual({ start: "2026-10-27", end: "2026-10-29", count: 0 + 1 + 2 });
    const year = chartPoints(series(365));
    expect(year[0]?.count).toBe(365 - 12 * 28);
    expect(year.slice(1).every((point) => point.count === 28)).toBe(true);
  });
});
