import { describe, expect, it } from "vitest";
import { targetPercent } from "./active-opportunities";
import { countText } from "./admin-lists";
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

  it("says 100+ when a list reaches the dashboard's limit", () => {
    expect(countText(99)).toBe("99");
    expect(countText(100)).toBe("100+");
  });
});
