import { describe, expect, it } from "vitest";
import { targetPercent } from "./active-opportunities";
import { offsetWithin } from "./admin-lists";
import { pendingTone } from "./stat-cards";

describe("admin dashboard rules", () => {
  it("colours the pending count green at 0, yellow up to 3 and red above", () => {
    expect([0, 1, 3, 4, 40].map(pendingTone)).toEqual(["green", "yellow", "yellow", "red", "red"]);
  });

  it("shows progress toward the hour target to one decimal, capped at 100", () => {
    expect(targetPercent(9, 50)).toBe(18);
    expect(targetPercent(1, 3)).toBe(33.3);
    expect(targetPercent(75, 60)).toBe(100);
  });

  it("keeps a queue's page while it holds items, and steps back to the last page once it is empty", () => {
    expect(offsetWithin(40, 6892, 20)).toBe(40);
    expect(offsetWithin(0, 0, 20)).toBe(0);
    // The only item of page 3 (offset 40) was approved: 40 items remain, the last page starts at 20.
    expect(offsetWithin(40, 40, 20)).toBe(20);
    // Another admin cleared most of the queue meanwhile.
    expect(offsetWithin(100, 21, 20)).toBe(20);
    expect(offsetWithin(20, 0, 20)).toBe(0);
  });
});
