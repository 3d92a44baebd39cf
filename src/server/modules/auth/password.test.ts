import { describe, expect, it } from "vitest";
import { generateTemporaryPassword, hashPassword, verifyPassword } from "./password";

describe("passwords", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "wrong")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });

  it("generates temporary passwords that are long, readable and never repeat", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generateTemporaryPassword();
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(password).not.toMatch(/[01lio]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
