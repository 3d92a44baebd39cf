import { describe, expect, it } from "vitest";
import {
  boundedAward,
  levelFor,
  levelProgress,
  nextLevelTarget,
  previewCoins,
  quickApproveCoins,
} from "./coins";

describe("levels", () => {
  it.each([
    [0, 1, 100, 0],
    [99, 1, 100, 99],
    [100, 2, 200, 0],
    [250, 3, 300, 50],
  ])("%i coins → level %i, next target %i, progress %i", (coins, level, target, progress) => {
    expect(levelFor(coins)).toBe(level);
    expect(nextLevelTarget(coins)).toBe(target);
    expect(levelProgress(coins)).toBe(progress);
  });
});

describe("coin awards", () => {
  it("bounds an award by what is left under the cap", () => {
    expect(boundedAward(50, 0, 100)).toBe(50);
    expect(boundedAward(50, 80, 100)).toBe(20);
    expect(boundedAward(50, 100, 100)).toBe(0);
    expect(boundedAward(50, 120, 100)).toBe(0);
  });

  it("suggests hours × rate, 10 per hour when the rate is missing, and previews within the cap", () => {
    expect(quickApproveCoins(3, 15)).toBe(45);
    expect(quickApproveCoins(3, null)).toBe(30);
    expect(previewCoins(20, 10, 150)).toBe(150);
    expect(previewCoins(2, 10, undefined)).toBe(20);
  });
});
