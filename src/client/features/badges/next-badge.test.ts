import type { Badge } from "@shared/contract/badges";
import { describe, expect, it } from "vitest";
import { nextBadgeProgress } from "./next-badge";

const badge = (id: number, coinsRequired: number): Badge => ({
  id,
  name: `Badge ${coinsRequired}`,
  description: "",
  icon: "star",
  coinsRequired,
  type: "default",
  createdAt: "2026-01-01T00:00:00.000Z",
});
const catalogue = [badge(3, 100), badge(1, 10), badge(2, 50)];

describe("nextBadgeProgress", () => {
  it("aims at the cheapest badge not earned yet, as coins over its threshold", () => {
    expect(nextBadgeProgress(0, catalogue, [])).toEqual({ badge: catalogue[1], percent: 0 });
    expect(nextBadgeProgress(36, catalogue, [{ badgeId: 1 }])).toEqual({ badge: catalogue[2], percent: 72 });
  });

  it("skips earned badges even when cheaper ones were earned out of order, and caps at 100", () => {
    expect(nextBadgeProgress(120, catalogue, [{ badgeId: 1 }, { badgeId: 3 }])).toEqual({
      badge: catalogue[2],
      percent: 100,
    });
  });

  it("is null once every badge is earned", () => {
    expect(nextBadgeProgress(500, catalogue, [{ badgeId: 1 }, { badgeId: 2 }, { badgeId: 3 }])).toBeNull();
  });
});
