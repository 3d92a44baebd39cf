// Knows, for each table the server caches reads of, a version that moves whenever a committed statement
// changed it. The database announces every change itself (triggers of migrations 0001 and 0015 notify the
// `seva_changes` channel on commit, only for statements that changed a row: ADR 0043), so a write by another server process, a script or psql reaches every
// process's caches; a write request served here waits, before its response leaves, until the notices of its own
// changes have arrived (`settle`), so a client that reads right after its own write never sees the old answer.
//
// A notice names a topic: a bare table name means anything in that table may have changed; `table:part` (see
// migration 0004) names one part of it, so a read that does not show that part keeps its cached answer. A read
// lists the topics it shows; its version moves with each of them and with its table as a whole.
//
// While the listener is not known to work (PostgreSQL restarting, network trouble, a connection that went silent:
// see postgres-listener.ts), `isLive` is false and callers must not cache: a notice could be missed. On
// reconnection every version moves, as anything may have changed.

import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export const CHANGE_CHANNEL = "seva_changes";

/**
 * The notice a process sends when it starts (main.ts): it may have died between a commit and announcing it
 * (ADR 0045), so every tracker drops everything.
 */
export const ANYTHING_CHANGED = "*";

/**
 * The tables of the schema no cached read shows and no live update follows, whose writes (one per sign-in
 * attempt, one per mail sent) are not announced.
 */
export const UNTRACKED_TABLES = [
  "rate_limit_windows",
  // Written by the mail worker and the scheduler, read by no cached read (issue 17).
  "mail_outbox",
  "notification_preferences",
  "admin_digest_settings",
  "scheduled_runs",
  // Reset links: read only by the reset endpoints, never cached (ADR 0033).
  "password_resets",
  // The service record: timelines and certificates are read per person, never cached (ADR 0038).
  "application_events",
  "certificates",
  // The institution's sign-in: read only while signing in, never cached (ADR 0041).
  "user_identities",
  "sso_sign_ins",
  // Read only by the aggregate triggers; a change rebuilds the aggregates, which announces their sources.
  "school_calendar",
] as const;

/**
 * The maintained aggregates (ADR 0042, migration 0014) and the topics whose changes move them. They change only
 * in the transaction of a change to these sources, so they announce nothing themselves: a cached read of one names
 * its sources (test/cached-read-topics.test.ts checks it).
 */
export const DERIVED_TABLES = {
  coin_totals: ["coin_ledger"],
  opportunity_coin_totals: ["coin_ledger"],
  student_totals: ["coin_ledger", "applications:completed"],
  opportunity_totals: ["applications:rows"],
  community_totals: ["users:coins", "opportunities", "applications:count", "applications:completed"],
  application_daily: ["applications:rows", "opportunities"],
  // Sums of application_daily's shard 0 kept by its fold, which moves no figure (ADR 0078).
  application_months: ["applications:rows", "opportunities"],
  application_days: ["applications:rows", "opportunities"],
  score_counts: ["users:coins"],
  period_counts: ["coin_ledger"],
  period_score_counts: ["coin_ledger"],
  opportunity_counts: ["opportunities"],
  application_counts: ["applications:rows"],
} as const;

type SchemaTableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable<infer Config> ? Config["name"] : never;
}[keyof typeof schema];

/**
 * The tables whose changes are announced: every table of the schema but those above and the derived ones, so a new table is tracked
 * unless it is named there. test/cached-read-topics.test.ts checks that each has its trigger (migrations 0001 and
 * 0004 install them) and that every cached read names the tables it reads.
 */
export type TrackedTable = Exclude<
  SchemaTableName,
  (typeof UNTRACKED_TABLES)[number] | keyof typeof DERIVED_TABLES
>;

/** The names of the tracked tables, read from the schema. */
export function trackedTables(): TrackedTable[] {
  const untracked: readonly string[] = [...UNTRACKED_TABLES, ...Object.keys(DERIVED_TABLES)];
  const values: unknown[] = Object.values(schema);
  return values
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name): name is TrackedTable => !untracked.includes(name));
}

/**
 * Parts of a table's topic that changes to other tables announce too, so a read waiting on the part covers those
 * tables: an hour submission announces its owner's applications (migration 0021), and one student's list of
 * applications, which shows the hours under review, need not wait on everyone's hours.
 * test/cached-read-topics.test.ts counts a table as named by a read that waits on such a part.
 */
export const ALSO_ANNOUNCED_BY = { "applications:user": ["hour_submissions"] } as const;

/** A whole table, or a part of one that its trigger announces apart. */
export type ChangeTopic = TrackedTable | `${TrackedTable}:${string}`;

/** The parts of tables announced apart (migration 0004); the comments say what moves them. */
export const topics = {
  /** Any application changed: lists of applications with their statuses, analytics, hours per opportunity. */
  applicationRows: "applications:rows",
  /** An application was added or removed: applicant counts. */
  applicationCount: "applications:count",
  /**
   * `applications:count` moved at most once per lag window (ADR 0043): the polled feed's applicant counts, so a
   * burst of applies changes its body once, not per apply. The tracker moves it; no trigger announces it.
   */
  applicationCountLagged: "applications:count:lagged",
  /** An application entered or left a completed status, or a completed one was added or removed. */
  applicationCompletions: "applications:completed",
  /** One student's applications, or the hours submitted on them, changed (see ALSO_ANNOUNCED_BY). */
  applicationsOf: (userId: number) => `applications:user:${userId}` as const,
  /** One person's notifications changed: a new one, or one read (migration 0008). */
  notificationsOf: (userId: number) => `notifications:user:${userId}` as const,
  /** A notice to every administrator was written (ADR 0080): each admin's stream follows it. */
  adminNotices: "notifications:admins",
  /** Any balance changed (a coin-only update of users; everything else about users is the topic "users"). */
  balances: "users:coins",
  /** One user's balance changed. */
  balanceOf: (userId: number) => `users:coins:${userId}` as const,
} as const satisfies Record<string, ChangeTopic | ((id: number) => ChangeTopic)>;

export interface ChangeSource {
  /** Calls onChange with the topic of every committed change; onLive(false/true) as the feed drops and returns. */
  listen(onChange: (topic: string) => void, onLive: (live: boolean) => void): Promise<ChangeSubscription>;
}

export interface ChangeSubscription {
  /**
   * Resolves once every change committed before the call has been delivered: a round trip on the listening
   * connection, which the database answers only after sending the notices it already holds.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/** What health reports: notices flowing, lost (nothing cached until they return), or no feed at all. */
export type ChangeFeedState = "live" | "lost" | "off";

/** How far the polled feed's applicant counts may lag behind the applications (ADR 0043). */
export const APPLICANT_COUNT_LAG_MS = 180_000;

/** Told of a change to the topic it subscribed to, or, with `undefined`, that anything may have changed. */
export type TopicListener = (topic: string | undefined) => void;

export class ChangeTracker {
  private readonly versions = new Map<string, number>();
  /** Live updates (notifications/stream.ts): one Set per topic someone follows, dropped when it empties. */
  private readonly listeners = new Map<string, Set<TopicListener>>();
  /** Moves on every change of any table; part of every version key, so `touchAll` needs no table list. */
  private epoch = 0;
  private live = false;
  private subscription: ChangeSubscription | undefined;
  /** false when READ_CACHE=false: the feed still runs (for live updates), but no version is handed out. */
  private caching = true;
  /** The lagged count: when it last moved, and the move due at the end of its window, if one waits. */
  private countLagMs = 0;
  private countLastMoved = Number.NEGATIVE_INFINITY;
  private countCatchUp: NodeJS.Timeout | undefined;

  /** A tracker that is never live: nothing is cached (for code paths without a change feed). */
  static offline(): ChangeTracker {
    return new ChangeTracker();
  }

  /**
   * `caching: false` keeps the feed for live updates and lets nothing be cached (`versionOf` is undefined).
   * `countLagMs`: the window of `topics.applicationCountLagged` (the server passes APPLICANT_COUNT_LAG_MS; 0,
   * the default, makes it move with every count change).
   */
  static async start(
    source: ChangeSource,
    { caching = true, countLagMs = 0 }: { caching?: boolean; countLagMs?: number } = {},
  ): Promise<ChangeTracker> {
    const tracker = new ChangeTracker();
    tracker.caching = caching;
    tracker.countLagMs = countLagMs;
    tracker.subscription = await source.listen(
      (topic) => tracker.touch(topic),
      (live) => {
        tracker.live = live;
        tracker.touchAll();
      },
    );
    return tracker;
  }

  get isLive(): boolean {
    return this.live;
  }

  get state(): ChangeFeedState {
    if (this.live) return "live";
    return this.subscription ? "lost" : "off";
  }

  touch(topic: string): void {
    if (topic === ANYTHING_CHANGED) {
      this.touchAll();
      return;
    }
    this.versions.set(topic, (this.versions.get(topic) ?? 0) + 1);
    const listening = this.listeners.get(topic);
    if (listening) for (const listener of listening) listener(topic);
    if (topic === topics.applicationCount) this.countChanged();
  }

  /**
   * The lagged count moves at once after a quiet window, otherwise once at the window's end, covering every
   * change in between: at most one move per window, and no change waits longer than the window.
   */
  private countChanged(): void {
    if (this.countCatchUp) return;
    const due = this.countLastMoved + this.countLagMs - Date.now();
    if (due <= 0) {
      this.moveLaggedCount();
      return;
    }
    this.countCatchUp = setTimeout(() => {
      this.countCatchUp = undefined;
      this.moveLaggedCount();
    }, due);
    // A pending catch-up keeps no process alive.
    this.countCatchUp.unref();
  }

  private moveLaggedCount(): void {
    this.countLastMoved = Date.now();
    this.touch(topics.applicationCountLagged);
  }

  /** Every version moves; once the feed is back, every listener hears that anything may have changed. */
  touchAll(): void {
    this.epoch += 1;
    if (!this.live) return;
    for (const listening of this.listeners.values()) for (const listener of listening) listener(undefined);
  }

  /**
   * Calls the listener on every committed change of the topic (and with undefined when the feed returns after a
   * loss); the function returned stops it. Cheap enough for thousands of followers: one Set per topic.
   */
  subscribe(topic: ChangeTopic, listener: TopicListener): () => void {
    let listening = this.listeners.get(topic);
    if (!listening) {
      listening = new Set();
      this.listeners.set(topic, listening);
    }
    listening.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(topic);
    };
  }

  /**
   * After a write this process served: waits until the notices of what it committed have arrived, so the
   * client's next read cannot be answered from before its own write. Should the feed fail, every version moves.
   */
  async settle(): Promise<void> {
    if (!this.caching || !this.live || !this.subscription) return;
    try {
      await this.subscription.sync();
    } catch {
      this.touchAll();
    }
  }

  /**
   * A key that changes whenever any of the topics changes, or the whole table of one; undefined while changes
   * cannot be seen.
   */
  versionOf(readTopics: readonly ChangeTopic[]): string | undefined {
    if (!this.live || !this.caching) return undefined;
    let key = String(this.epoch);
    for (const topic of readTopics) {
      const separator = topic.indexOf(":");
      if (separator > 0) key += `.${this.versions.get(topic.slice(0, separator)) ?? 0}`;
      key += `.${this.versions.get(topic) ?? 0}`;
    }
    return key;
  }

  async close(): Promise<void> {
    this.live = false;
    clearTimeout(this.countCatchUp);
    this.countCatchUp = undefined;
    await this.subscription?.stop();
    this.subscription = undefined;
  }
}
