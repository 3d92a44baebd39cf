import { describe, expect, it } from "vitest";
import { changeText, percentChange, trendOf } from "./percent-change";

describe("percentChange", () => {
  it("is the relative change in percent, to one decimal", () => {
    expect(percentChange(12, 10)).toEqual({ kind: "percent", percent: 20 });
    expect(percentChange(10, 12)).toEqual({ kind: "percent", percent: -16.7 });
    expect(percentChange(1, 3)).toEqual({ kind: "percent", percent: -66.7 });
    expect(percentChange(30, 10)).toEqual({ kind: "percent", percent: 200 });
    expect(percentChange(0, 8)).toEqual({ kind: "percent", percent: -100 });
  });

  it("works on rates with decimals", () => {
    expect(percentChange(2.5, 2)).toEqual({ kind: "percent", percent: 25 });
    expect(percentChange(82.4, 80)).toEqual({ kind: "percent", percent: 3 });
  });

  it("reports no change as 0, never -0", () => {
    expect(percentChange(7, 7)).toEqual({ kind: "percent", percent: 0 });
    const tinyFall = percentChange(99_999, 100_000);
    expect(tinyFall.kind === "percent" && Object.is(tinyFall.percent, 0)).toBe(true);
  });

  it("has no percentage when the previous period was zero", () => {
    expect(percentChange(5, 0)).toEqual({ kind: "new" });
    expect(percentChange(0, 0)).toEqual({ kind: "none" });
  });
});

describe("changeText", () => {
  it("signs the percentage and groups digits the Indian way", () => {
    expect(changeText(percentChange(12, 10))).toBe("+20%");
    expect(changeText(percentChange(10, 12))).toBe("−16.7%");
    expect(changeText(percentChange(7, 7))).toBe("0%");
    expect(changeText(percentChange(100_001, 1))).toBe("+1,00,00,000%");
  });

  it("says 'New' or '—' when there is nothing to compare with", () => {
    expect(changeText(percentChange(3, 0))).toBe("New");
    expect(changeText(percentChange(0, 0))).toBe("—");
  });
});

describe("trendOf", () => {
  it("points up for a rise or a new figure, down for a fall, flat otherwise", () => {
    expect(trendOf(percentChange(12, 10))).toBe("up");
    expect(trendOf(percentChange(3, 0))).toBe("up");
    expect(trendOf(percentChange(8, 10))).toBe("down");
    expect(trendOf(percentChange(10, 10))).toBe("flat");
    expect(trendOf(percentChange(0, 0))).toBe("flat");
  });
});
