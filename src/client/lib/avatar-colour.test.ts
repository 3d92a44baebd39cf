import { describe, expect, it } from "vitest";
import { avatarColour, avatarColours } from "./avatar-colour";

describe("avatarColour", () => {
  it("gives the same person the same colour, whatever the spacing or case of the name", () => {
    expect(avatarColour("Aarav Sharma")).toBe(avatarColour(" aarav sharma "));
  });

  it("spreads a class of names over most of the palette", () => {
    const names = ["Aarav Sharma", "Diya Patel", "Ishaan Rao", "Kavya Iyer", "Rohan Gupta", "Ananya Das"];
    const more = ["Vihaan Nair", "Saanvi Reddy", "Arjun Menon", "Meera Krishnan", "Kabir Singh", "Zara Khan"];
    const used = new Set([...names, ...more].map(avatarColour));
    expect(used.size).toBeGreaterThanOrEqual(6);
    for (const colour of used) expect(avatarColours).toContain(colour);
  });
});
