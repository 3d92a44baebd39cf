// Knows, for each table the server caches reads of, a version that moves whenever a committed statement
// changed it. The database announces every change itself (triggers in migration 0001 notify the
// `seva_changes` channel on commit), so a write by another server process, a script or psql reaches every
// process's caches; a write request served here waits, before its response leaves, until the notices of its own
// changes have arrived (`settle`), so a client that reads right after its own write never sees the old answer.
//
// While the listener is not connected (PostgreSQL restarting, network trouble), `isLive` is false and callers
// must not cache: a notice could be missed. On reconnection every version moves, as anything may have changed.

export const CHANGE_CHANNEL = "seva_changes";

/** The tables whose changes are announced (see migration 0001). */
export type TrackedTable =
  | "users"
  | "sessions"
  | "opportunities"
  | "applications"
  | "hour_submissions"
  | "coin_ledger"
  | "user_badges"
  | "badges";

export interface ChangeSource {
  /** Calls onChange with the table name of every committed change; onLive(false/true) as the feed drops and returns. */
  listen(onChange: (table: string) => void, onLive: (live: boolean) => void): Promise<ChangeSubscription>;
}

export interface ChangeSubscription {
  /**
   * Resolves once every change committed before the call has been delivered: a round trip on the listening
   * connection, which the database answers only after sending the notices it already holds.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export class ChangeTracker {
  private readonly versions = new Map<string, number>();
  /** Moves on every change of any table; part of every version key, so `touchAll` needs no table list. */
  private epoch = 0;
  private live = false;
  private subscription: ChangeSubscription | undefined;

  /** A tracker that is never live: nothing is cached (for code paths without a change feed). */
  static offline(): ChangeTracker {
    return new ChangeTracker();
  }

  static async start(source: ChangeSource): Promise<ChangeTracker> {
    const tracker = new ChangeTracker();
    tracker.subscription = await source.listen(
      (table) => tracker.touch(table),
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

  touch(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  touchAll(): void {
    this.epoch += 1;
  }

  /**
   * After a write this process served: waits until the notices of what it committed have arrived, so the
   * client's next read cannot be answered from before its own write. Should the feed fail, every version moves.
   */
  async settle(): Promise<void> {
    if (!this.live || !this.subscription) return;
    try {
      await this.subscription.sync();
    } catch {
      this.touchAll();
    }
  }

  /** A key that changes whenever any of the tables changes; undefined while changes cannot be seen. */
  versionOf(tables: readonly TrackedTable[]): string | undefined {
    if (!this.live) return undefined;
    let key = String(this.epoch);
    for (const table of tables) key += `.${this.versions.get(table) ?? 0}`;
    return key;
  }

  async close(): Promise<void> {
    this.live = false;
    await this.subscription?.stop();
    this.subscription = undefined;
  }
}
