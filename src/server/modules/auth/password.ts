// Password hashing (argon2id) and temporary passwords. A temporary password is random, easy to read aloud and
// type (lower-case letters and digits without look-alikes, in groups), and owes nothing to the user's name.
// Each hash or verification holds 19 MB of native memory while it runs: a gate bounds how many run at once in
// this process, so a burst of sign-ins waits in line instead of adding 19 MB each (ADR 0044).
import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to argon2id; these are OWASP's recommended minimum costs for it.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const TEMPORARY_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** At most `limit` tasks run at once; the others wait, first come first served. */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private limit: number) {}

  setLimit(limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`a gate's limit must be at least 1: ${limit}`);
    this.limit = limit;
    while (this.running < this.limit && this.waiting.length > 0) this.admitNext();
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      if (this.waiting.length > 0 && this.running <= this.limit) this.admitNext(false);
      else this.running--;
    }
  }

  /** Hands a slot to the first waiter: a fresh one, or (countNew false) the one a finishing task gives up. */
  private admitNext(countNew = true) {
    const next = this.waiting.shift();
    if (!next) return;
    if (countNew) this.running++;
    next();
  }
}

/**
 * libuv runs four native tasks at once, so four is what an ungated process does; the server sets its own limit
 * at boot (PASSWORD_HASHES_AT_ONCE: one on the embedded database, config.ts).
 */
const hashGate = new Gate(4);

/** How many argon2 hashes and verifications this process runs at once (the rest queue). */
export function setPasswordHashesAtOnce(limit: number) {
  hashGate.setLimit(limit);
}

export function hashPassword(password: string): Promise<string> {
  return hashGate.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashGate.run(() => verify(passwordHash, password));
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
