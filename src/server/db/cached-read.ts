// A read whose answer the server may keep until a topic it was read from changes (http/response-cache.ts): its
// query and its change topics declared side by side, in the `<domain>.reads.ts` beside each service. The cache
// and the routes' shared replies accept topics only from such a declaration, so a cached read cannot be added
// without naming what it depends on; test/cached-read-topics.test.ts runs every declared read and fails when its
// SQL touches a table that none of its topics covers.
import type { ChangeTopic } from "./change-tracker";
import type { Database } from "./client";

declare const declaredByARead: unique symbol;
let nextId = 0;

/** Change topics as a cached read declares them: the only kind the cache takes. */
export type ReadTopics = readonly ChangeTopic[] & { readonly [declaredByARead]: true };

export interface CachedRead<Args, Result> {
  readonly kind: "cached read";
  /** Tells this read's entries apart from every other read's in the cache. */
  readonly id: number;
  /** Everything the answer shows is read from these topics: a change to any of them makes it stale. */
  topics(args: Args): ReadTopics;
  load(db: Database, args: Args): Promise<Result>;
}

export function cachedRead<Args = void, Result = unknown>(read: {
  topics(args: Args): readonly ChangeTopic[];
  load(db: Database, args: Args): Promise<Result>;
}): CachedRead<Args, Result> {
  nextId += 1;
  return {
    kind: "cached read",
    id: nextId,
    topics: (args) => read.topics(args) as ReadTopics,
    load: (db, args) => read.load(db, args),
  };
}

export function isCachedRead(value: unknown): value is CachedRead<unknown, unknown> {
  return (value as { kind?: unknown } | null)?.kind === "cached read";
}
