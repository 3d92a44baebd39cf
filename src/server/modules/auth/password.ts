// Password hashing (argon2id) and temporary passwords. A temporary password is random, easy to read aloud and
// type (lower-case letters and digits without look-alikes, in groups), and owes nothing to the user's name.
import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to argon2id; these are OWASP's recommended minimum costs for it.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const TEMPORARY_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Four groups of four characters, e.g. `k7mp-x2qa-9hrt-bc4w`: 19 characters, about 79 bits of entropy. */
export function generateTemporaryPassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from(
      { length: 4 },
      () => TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)],
    ).join(""),
  );
  return groups.join("-");
}

/** A real hash to verify against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(generateTemporaryPassword());
  return decoyHash;
}
