import { describe, expect, it } from "vitest";
import { bellLabel } from "./bell-face";
import { celebrationText } from "./celebration-card";

describe("the bell's accessible name", () => {
  it("says how many are unread, and nothing more when none is", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(1)).toBe("Notifications, 1 unread");
    expect(bellLabel(120)).toBe("Notifications, 120 unread");
  });
});

describe("the celebration's message", () => {
  it("names the coins, the level reached and each new badge", () => {
    expect(
      celebrationText({
        coinsSince: 45,
        levelReached: 3,
        badges: [{ name: "Helping Hand", icon: "hand-heart" }],
      }),
    ).toBe("You earned 45 coins · Level 3 · New badge: Helping Hand");
    expect(celebrationText({ coinsSince: 1, levelReached: null, badges: [] })).toBe("You earned 1 coin");
    expect(
      celebrationText({
        coinsSince: 120,
        levelReached: 2,
        badges: [
          { name: "First Steps", icon: "sprout" },
          { name: "Helping Hand", icon: "hand-heart" },
        ],
      }),
    ).toBe("You earned 120 coins · Level 2 · New badges: First Steps, Helping Hand");
  });
});
