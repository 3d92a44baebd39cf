// Fixed-window counters kept in the database, so the limits hold for the whole site however many app servers
// share it (docs/decisions/0006-rate-limits-and-cross-site.md). Each step is one statement, atomic on its own:
// a burst of simultaneous attempts cannot all see room under the limit.
import { createHash } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitWindows } from "../db/schema";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** Expired windows are swept after this many attempts counted by one limiter, so the table stays small. */
const SWEEP_EVERY = 500;

export class RateLimiter {
  private attemptsSinceSweep = 0;

  constructor(
    private readonly db: Database,
    /** Names the limit, so equal values counted by different limits stay apart. */
    private readonly scope: string,
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt for the value when the window has room: answers 0. A full window answers the seconds
   * until it ends and counts nothing, so refused attempts never lengthen a lockout.
   */
  async take(value: string): Promise<number> {
    await this.sweepNowAndThen();
    const key = this.keyOf(value);
    const now = this.now();
    const expired = lte(rateLimitWindows.resetAt, new Date(now));
    const counted = await this.db
      .insert(rateLimitWindows)
      .values({ key, count: 1, resetAt: new Date(now + this.rule.windowMs) })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitWindows.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
        },
        setWhere: sql`${expired} or ${rateLimitWindows.count} < ${this.rule.max}`,
      })
      .returning({ count: rateLimitWindows.count });
    if (counted.length > 0) return 0;
    const [window] = await this.db
      .select({ resetAt: rateLimitWindows.resetAt })
      .from(rateLimitWindows)
      .where(eq(rateLimitWindows.key, key));
    return Math.max(1, Math.ceil(((window?.resetAt.getTime() ?? now) - now) / 1000));
  }

  /** Gives back one attempt counted by take (one that turned out not to count, such as a correct password). */
  async release(value: string): Promise<void> {
    await this.db
      .update(rateLimitWindows)
      .set({ count: sql`${rateLimitWindows.count} - 1` })
      .where(
        and(
          eq(rateLimitWindows.key, this.keyOf(value)),
          gt(rateLimitWindows.count, 0),
          gt(rateLimitWindows.resetAt, new Date(this.now())),
        ),
      );
  }

  /** Forgets every attempt counted for the value. */
  async reset(value: string): Promise<void> {
    await this.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, this.keyOf(value)));
  }

  private keyOf(value: string): string {
    return createHash("sha256").update(this.scope).update("\0").update(value).digest("hex");
  }

  private async sweepNowAndThen(): Promise<void> {
    this.attemptsSinceSweep += 1;
    if (this.attemptsSinceSweep < SWEEP_EVERY) return;
    this.attemptsSinceSweep = 0;
    await this.db.delete(rateLimitWindows).where(lte(rateLimitWindows.resetAt, new Date(this.now())));
  }
}

/**
 * Counts one attempt against every limit in turn, or against none: answers 0 when each had room, else the wait of
 * the first full one, after giving back what the earlier ones counted (a refused attempt counts nowhere).
 */
export async function takeEach(counts: readonly (readonly [RateLimiter, string])[]): Promise<number> {
  for (const [index, [limiter, value]] of counts.entries()) {
    const wait = await limiter.take(value);
    if (wait > 0) {
      await Promise.all(counts.slice(0, index).map(([taken, takenValue]) => taken.release(takenValue)));
      return wait;
    }
  }
  return 0;
}
