import { describe, expect, it } from "vitest";
import { formatCount, formatNumber } from "./format-number";

const intl = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });

describe("formatNumber", () => {
  it("groups lakhs and crores and keeps at most one decimal", () => {
    expect(formatNumber(0)).toBe("0");
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1234)).toBe("1,234");
    expect(formatNumber(123456)).toBe("1,23,456");
    expect(formatNumber(12345678)).toBe("1,23,45,678");
    expect(formatNumber(2.5)).toBe("2.5");
    expect(formatNumber(99.95)).toBe("100");
    expect(formatNumber(-1234.56)).toBe("-1,234.6");
  });

  it("writes every figure as Intl.NumberFormat('en-IN') does", () => {
    const edges = [
      -0,
      0.05,
      0.15,
      0.25,
      0.35,
      1.05,
      -1.25,
      -0.04,
      0.04,
      1e-7,
      123.45,
      1e14 + 0.5,
      1e15,
      1e21,
    ];
    const special = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    // A fixed sequence (no Math.random), so a failure names the same figure every time.
    let seed = 21;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const spread = Array.from({ length: 4000 }, (_, index) => {
      const scale = 10 ** Math.floor(next() * 16);
      const value = next() * scale;
      const rounded =
        index % 3 === 0 ? Math.round(value) : index % 3 === 1 ? Math.round(value * 100) / 100 : value;
      return index % 5 === 0 ? -rounded : rounded;
    });
    for (const value of [...edges, ...special, ...spread]) {
      expect(formatNumber(value), String(value)).toBe(intl.format(value));
    }
  });
});

describe("formatCount", () => {
  it("says one or many", () => {
    expect(formatCount(1, "application")).toBe("1 application");
    expect(formatCount(1234, "application")).toBe("1,234 applications");
    expect(formatCount(2, "entry", "entries")).toBe("2 entries");
  });
});
