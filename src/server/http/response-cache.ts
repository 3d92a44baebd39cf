// Results of reads kept in memory until a topic they were read from (a table, or a part of one) changes; see
// db/change-tracker.ts.
// Each entry is keyed by what it was computed from and by the versions of its topics when the computation
// started, so a change that lands during the computation makes the next caller compute again. Concurrent
// callers of a missing key share one computation, so a burst after a change costs one query, not ten.
// The least recently used entries go first once the entries weigh more than the budget.
import type { CachedRead } from "../db/cached-read";
import type { ChangeTopic, ChangeTracker } from "../db/change-tracker";
import type { Database } from "../db/client";

/**
 * Enough for every polled body of a school many times over (READ_CACHE_MAX_MB; config.ts gives the embedded
 * database a smaller budget, ADR 0044).
 */
export const DEFAULT_READ_CACHE_BYTES = 64 * 1024 * 1024;
/** What an entry weighs when the caller gives no better estimate (a session, a small object). */
const DEFAULT_WEIGHT = 1024;

interface Entry {
  /** The topics the entry waits on: those given, or the narrower ones its value named (see `narrowTo`). */
  topics: readonly ChangeTopic[];
  version: string;
  value: Promise<unknown>;
  weight: number;
}

export interface CacheOptions<T> {
  /** Bytes the value holds, roughly (default: a small object). */
  weigh?: (value: T) => number;
  /**
   * Topics narrower than those given, known only once the value is: a session waits on its owner's balance,
   * not on every balance. Every change to a narrower topic must also move one of the given topics (both are
   * announced), since the narrowing is only taken when none of the given ones moved during the computation.
   */
  narrowTo?: (value: T) => readonly ChangeTopic[];
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private totalWeight = 0;

  constructor(
    readonly tracker: ChangeTracker,
    private readonly maxBytes = DEFAULT_READ_CACHE_BYTES,
  ) {}

  /**
   * A declared read's answer for these arguments, as of the current versions of its topics. Entries are keyed by
   * the arguments unless `key` names them better (it must name everything the answer depends on).
   */
  read<Args, Result>(
    db: Database,
    read: CachedRead<Args, Result>,
    args: Args,
    { key = JSON.stringify(args) ?? "", ...options }: CacheOptions<Result> & { key?: string } = {},
  ): Promise<Result> {
    return this.get(`read ${read.id} ${key}`, read.topics(args), () => read.load(db, args), options);
  }

  /**
   * A declared read's answer while answers are kept (the change feed is live and caching on); undefined when every
   * call would compute it afresh. For a read worth its cost only when kept: a snapshot many answers share.
   */
  readKept<Args, Result>(
    db: Database,
    read: CachedRead<Args, Result>,
    args: Args,
    options: CacheOptions<Result> & { key?: string } = {},
  ): Promise<Result | undefined> {
    if (this.tracker.versionOf(read.topics(args)) === undefined) return Promise.resolve(undefined);
    return this.read(db, read, args, options);
  }

  /**
   * The value for key as of the current versions of its topics, computing it when there is none. The primitive
   * under `read` and the routes' `shared`; everything else asks through a declared read.
   */
  get<T>(
    key: string,
    topics: readonly ChangeTopic[],
    compute: () => Promise<T>,
    { weigh = () => DEFAULT_WEIGHT, narrowTo }: CacheOptions<T> = {},
  ): Promise<T> {
    const version = this.tracker.versionOf(topics);
    if (version === undefined) return compute();
    const entry = this.entries.get(key);
    if (entry && entry.version === this.tracker.versionOf(entry.topics)) {
      // Most recently used last, so eviction drops the coldest.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as Promise<T>;
    }
    if (entry) this.remove(key, entry);
    const value = compute();
    // Weighed once computed: a computation in flight holds no bytes yet.
    const fresh: Entry = { topics, version, value, weight: 0 };
    this.entries.set(key, fresh);
    value.then(
      (result) => {
        if (this.entries.get(key) !== fresh) return;
        if (narrowTo && this.tracker.versionOf(topics) === version) {
          fresh.topics = narrowTo(result);
          fresh.version = this.tracker.versionOf(fresh.topics) ?? version;
        }
        fresh.weight = weigh(result);
        this.totalWeight += fresh.weight;
        this.evict();
      },
      // A failed computation is not kept: the next caller tries again.
      () => {
        if (this.entries.get(key) === fresh) this.remove(key, fresh);
      },
    );
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.totalWeight;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.totalWeight -= entry.weight;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.totalWeight <= this.maxBytes) break;
      this.remove(key, entry);
    }
  }
}
