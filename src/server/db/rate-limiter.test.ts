import { createTestDatabase } from "@test/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { RateLimiter } from "./rate-limiter";
import { rateLimitWindows } from "./schema";

let database: DatabaseHandle;
let now = 0;
let scopes = 0;

/** A limiter on the test database with its own scope and a clock the test moves. */
function limiter(max: number, windowMs: number) {
  scopes += 1;
  return new RateLimiter(database.db, `test-${scopes}`, { max, windowMs }, () => now);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("RateLimiter", () => {
  it("counts up to max attempts per window, then answers the seconds left without counting", async () => {
    now = Date.UTC(2026, 10, 24);
    const limit = limiter(3, 60_000);
    for (let i = 0; i < 3; i++) expect(await limit.take("k")).toBe(0);
    expect(await limit.take("k")).toBe(60);
    now += 30_500;
    expect(await limit.take("k")).toBe(30);
    expect(await limit.take("other")).toBe(0);
  });

  it("opens a new window once the old one has passed", async () => {
    now = Date.UTC(2026, 10, 25);
    const limit = limiter(1, 1000);
    expect(await limit.take("k")).toBe(0);
    expect(await limit.take("k")).toBe(1);
    now += 1000;
    expect(await limit.take("k")).toBe(0);
    expect(await limit.take("k")).toBe(1);
  });

  it("keeps limits with different scopes apart for the same value", async () => {
    now = Date.UTC(2026, 10, 26);
    const first = limiter(1, 60_000);
    const second = limiter(1, 60_000);
    expect(await first.take("192.0.2.1")).toBe(0);
    expect(await first.take("192.0.2.1")).toBeGreaterThan(0);
    expect(await second.take("192.0.2.1")).toBe(0);
  });

  it("forgets a value on reset and gives back one attempt on release, never below zero", async () => {
    now = Date.UTC(2026, 10, 27);
    const limit = limiter(2, 60_000);
    await limit.take("k");
    await limit.take("k");
    expect(await limit.take("k")).toBeGreaterThan(0);
    await limit.release("k");
    expect(await limit.take("k")).toBe(0);
    await limit.reset("k");
    await limit.release("k");
    await limit.release("k");
    expect(await limit.take("k")).toBe(0);
    expect(await limit.take("k")).toBe(0);
    expect(await limit.take("k")).toBeGreaterThan(0);
  });

  it("admits exactly max of a burst of simultaneous attempts", async () => {
    now = Date.UTC(2026, 10, 28);
    const limit = limiter(5, 60_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => limit.take("burst")));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it("sweeps expired windows away as attempts go on, and keeps live ones", async () => {
    now = Date.UTC(2026, 10, 30);
    const limit = limiter(1000, 1000);
    const longer = limiter(1000, 60_000);
    await limit.take("gone");
    await longer.take("kept");
    const rowsBefore = (await database.db.select().from(rateLimitWindows)).length;
    now += 2000;
    for (let i = 0; i < 499; i++) await limit.take(`fresh-${i % 2}`);
    const rowsAfter = await database.db.select().from(rateLimitWindows);
    // Every window of the earlier tests and "gone" have ended; "kept" and the two fresh ones are live.
    expect(rowsBefore).toBeGreaterThan(3);
    expect(rowsAfter).toHaveLength(3);
  });

  it("stores neither the e-mail address nor the IP address it counts", async () => {
    now = Date.UTC(2026, 10, 29);
    const limit = limiter(5, 60_000);
    await limit.take("someone@iimb.ac.in");
    await limit.take("198.51.100.7");
    const stored = JSON.stringify(await database.db.select().from(rateLimitWindows));
    expect(stored).not.toContain("someone");
    expect(stored).not.toContain("198.51.100.7");
  });
});
