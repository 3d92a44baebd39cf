import { describe, expect, it } from "vitest";
import { hasInterests, interestMatch, isPartialMatch, isPerfectMatch } from "./interests";

const maths = { skills: ["Maths", "English"], type: "teaching" } as const;

describe("interestMatch", () => {
  it("lists the shared skills in the opportunity's order and scores one per skill plus one for the cause", () => {
    const match = interestMatch({ skills: ["English", "Maths", "Music"], types: ["teaching"] }, maths);
    expect(match).toEqual({ skills: ["Maths", "English"], isTypeMatch: true, score: 3 });
  });

  it("scores nothing without interests, and counts a skill listed twice once", () => {
    expect(interestMatch({ skills: [], types: [] }, maths)).toEqual({
      skills: [],
      isTypeMatch: false,
      score: 0,
    });
    expect(
      interestMatch({ skills: ["Maths"], types: [] }, { skills: ["Maths", "Maths"], type: "donation" }).score,
    ).toBe(1);
  });
});

describe("isPerfectMatch", () => {
  const perfect = (skills: ("Maths" | "English" | "Music")[], types: ("teaching" | "donation")[]) =>
    isPerfectMatch(interestMatch({ skills, types }, maths));

  it("is the cause with at least one skill, or two skills whatever the cause", () => {
    expect(perfect(["Maths"], ["teaching"])).toBe(true);
    expect(perfect(["Maths", "English"], ["donation"])).toBe(true);
    expect(perfect(["Maths", "English"], [])).toBe(true);
  });

  it("is not the cause alone, one skill alone, or nothing shared", () => {
    expect(perfect([], ["teaching"])).toBe(false);
    expect(perfect(["Maths"], ["donation"])).toBe(false);
    expect(perfect(["Music"], ["donation"])).toBe(false);
    expect(perfect([], [])).toBe(false);
  });

  it("leaves the rest of any overlap to the partial hint", () => {
    expect(isPartialMatch(interestMatch({ skills: ["Maths"], types: [] }, maths))).toBe(true);
    expect(isPartialMatch(interestMatch({ skills: [], types: ["teaching"] }, maths))).toBe(true);
    expect(isPartialMatch(interestMatch({ skills: ["Maths"], types: ["teaching"] }, maths))).toBe(false);
    expect(isPartialMatch(interestMatch({ skills: ["Music"], types: [] }, maths))).toBe(false);
  });
});

describe("hasInterests", () => {
  it("is true once a skill or a cause is chosen", () => {
    expect(hasInterests({ skills: [], types: [] })).toBe(false);
    expect(hasInterests({ skills: ["Arts"], types: [] })).toBe(true);
    expect(hasInterests({ skills: [], types: ["mentoring"] })).toBe(true);
  });
});
