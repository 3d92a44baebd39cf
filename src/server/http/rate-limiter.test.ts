import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter";

describe("RateLimiter", () => {
  it("allows up to max hits per window, then reports the seconds left", () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("k")).toBe(0);
      limiter.hit("k");
    }
    expect(limiter.retryAfter("k")).toBe(60);
    now = 30_500;
    expect(limiter.retryAfter("k")).toBe(30);
    expect(limiter.retryAfter("other")).toBe(0);
  });

  it("opens a new window once the old one has passed", () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 }, () => now);
    limiter.hit("k");
    expect(limiter.retryAfter("k")).toBe(1);
    now = 1000;
    expect(limiter.retryAfter("k")).toBe(0);
  });

  it("forgets a key on reset", () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 });
    limiter.hit("k");
    limiter.reset("k");
    expect(limiter.retryAfter("k")).toBe(0);
  });

  it("gives back one counted event on release", () => {
    const limiter = new RateLimiter({ max: 2, windowMs: 1000 });
    limiter.hit("k");
    limiter.hit("k");
    expect(limiter.retryAfter("k")).toBeGreaterThan(0);
    limiter.release("k");
    expect(limiter.retryAfter("k")).toBe(0);
    limiter.release("k");
    limiter.release("k");
    limiter.hit("k");
    expect(limiter.retryAfter("k")).toBe(0);
  });
});
