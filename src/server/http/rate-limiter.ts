// A fixed-window counter per key, in process memory. Enough for one server process; with several processes
// each keeps its own window (see docs/decisions/0006-rate-limits.md).

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. Does not count. */
  retryAfter(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.rule.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  /** Counts one event for the key. */
  hit(key: string): void {
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.rule.windowMs });
    if (this.windows.size > 100_000) this.evictExpired();
  }

  /** Gives back one event counted by hit (an attempt that turned out not to count). */
  release(key: string): void {
    const window = this.current(key);
    if (window && window.count > 0) window.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private evictExpired(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
