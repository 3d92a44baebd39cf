import { describe, expect, it } from "vitest";
import { boundedAward, coinsAtRate, expectedAward, levelFor, levelProgress, nextLevelTarget } from "./coins";

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

  it("rates hours at the opportunity's rate, 10 per hour when the rate is missing", () => {
    expect(coinsAtRate(3, 15)).toBe(45);
    expect(coinsAtRate(3, null)).toBe(30);
    expect(coinsAtRate(1.5, 15)).toBe(23);
  });
});

describe("expectedAward: the one amount the student is shown and every Approve starts at", () => {
  const opportunity = { coinsPerHour: 15, maxCoins: 300 };

  it("is hours × rate while the cap leaves room", () => {
    expect(expectedAward({ hours: 8, ...opportunity, alreadyAwarded: 0 })).toBe(120);
    expect(expectedAward({ hours: 8, ...opportunity, alreadyAwarded: 180 })).toBe(120);
  });

  it("is what is left under the cap when hours × rate would pass it", () => {
    expect(expectedAward({ hours: 8, ...opportunity, alreadyAwarded: 200 })).toBe(100);
    expect(expectedAward({ hours: 30, ...opportunity, alreadyAwarded: 0 })).toBe(300);
    expect(expectedAward({ hours: 8, ...opportunity, alreadyAwarded: 300 })).toBe(0);
    expect(expectedAward({ hours: 8, ...opportunity, alreadyAwarded: 350 })).toBe(0);
  });

  it("uses 10 per hour without a rate and no cap without one", () => {
    expect(expectedAward({ hours: 2, coinsPerHour: null, maxCoins: 100, alreadyAwarded: 0 })).toBe(20);
    expect(expectedAward({ hours: 50, coinsPerHour: 10, maxCoins: null, alreadyAwarded: 40 })).toBe(500);
  });

  it("pays exactly itself: the server's bound leaves it unchanged", () => {
    for (const alreadyAwarded of [0, 100, 250, 299, 300]) {
      const amount = expectedAward({ hours: 8, ...opportunity, alreadyAwarded });
      expect(boundedAward(amount, alreadyAwarded, opportunity.maxCoins)).toBe(amount);
    }
  });
});
