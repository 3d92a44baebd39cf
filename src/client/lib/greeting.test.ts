import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

describe("greetingFor", () => {
  it("welcomes a first sign-in and welcomes back everyone else", () => {
    expect(greetingFor({ firstName: "Tara", firstSignIn: true })).toBe("Welcome, Tara!");
    expect(greetingFor({ firstName: "Asha", firstSignIn: false })).toBe("Welcome back, Asha!");
  });
});
