import { describe, expect, it } from "vitest";
import { emailDomain, isAllowedEmailDomain, normalizeEmail } from "./email";

describe("institutional e-mail rule", () => {
  const allowed = ["iimb.ac.in", "iimb.ernet.in"];

  it("accepts an allowed domain whatever its case and surrounding spaces", () => {
    expect(isAllowedEmailDomain("  Asha.Rao@IIMB.ac.in ", allowed)).toBe(true);
    expect(isAllowedEmailDomain("x@iimb.ernet.in", allowed)).toBe(true);
  });

  it("uses the part after the last @ only", () => {
    expect(isAllowedEmailDomain("iimb.ac.in@gmail.com", allowed)).toBe(false);
    expect(isAllowedEmailDomain("a@gmail.com@iimb.ac.in", allowed)).toBe(true);
    expect(emailDomain("a@b@c.org")).toBe("c.org");
  });

  it("refuses look-alike and sub-domains", () => {
    expect(isAllowedEmailDomain("a@iimb.ac.in.evil.com", allowed)).toBe(false);
    expect(isAllowedEmailDomain("a@mail.iimb.ac.in", allowed)).toBe(false);
    expect(isAllowedEmailDomain("no-at-sign", allowed)).toBe(false);
  });

  it("normalises by trimming and lower-casing", () => {
    expect(normalizeEmail("  A@B.C ")).toBe("a@b.c");
  });
});
