import { describe, expect, it, vi } from "vitest";
import { cachedRead } from "../db/cached-read";
import { type ChangeSource, ChangeTracker, topics } from "../db/change-tracker";
import type { Database } from "../db/client";
import { ResponseCache } from "./response-cache";

/** A change feed driven by the test: what the database's notices do in production. */
async function manualFeed(options: { caching?: boolean; countLagMs?: number } = {}) {
  let announce: (table: string) => void = () => undefined;
  let setLive: (live: boolean) => void = () => undefined;
  const source: ChangeSource = {
    async listen(onChange, onLive) {
      announce = onChange;
      setLive = onLive;
      onLive(true);
      return { sync: async () => undefined, stop: async () => onLive(false) };
    },
  };
  const tracker = await ChangeTracker.start(source, options);
  return { tracker, announce: (table: string) => announce(table), setLive: (live: boolean) => setLive(live) };
}

function counter() {
  let calls = 0;
  return {
    compute: async () => {
      calls += 1;
      return `value ${calls}`;
    },
    calls: () => calls,
  };
}

describe("the response cache", () => {
  it("computes once for concurrent callers and serves the result until a table it read changes", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker);
    const source = counter();
    const first = await Promise.all(
      Array.from({ length: 10 }, () => cache.get("feed", ["opportunities"], source.compute)),
    );
    expect(new Set(first)).toEqual(new Set(["value 1"]));
    expect(source.calls()).toBe(1);

    feed.announce("coin_ledger");
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 1");
    feed.announce("opportunities");
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 2");
    feed.tracker.touchAll();
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 3");
  });

  it("keeps nothing while the change feed is down, and starts afresh when it returns", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker);
    const source = counter();
    await cache.get("feed", ["opportunities"], source.compute);
    feed.setLive(false);
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 2");
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 3");
    feed.setLive(true);
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 4");
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 4");
  });

  it("answers a read only worth keeping while answers are kept, and nothing while the feed is down", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker);
    const source = counter();
    const snapshot = cachedRead({ topics: () => ["opportunities"], load: source.compute });
    const db = {} as Database;
    expect(await cache.readKept(db, snapshot, undefined)).toBe("value 1");
    expect(await cache.readKept(db, snapshot, undefined)).toBe("value 1");
    feed.setLive(false);
    expect(await cache.readKept(db, snapshot, undefined)).toBeUndefined();
    expect(source.calls()).toBe(1);
    feed.setLive(true);
    expect(await cache.readKept(db, snapshot, undefined)).toBe("value 2");
  });

  it("keeps a read of one part of a table through changes to its other parts", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker);
    const ownList = counter();
    const get = () => cache.get("own list", [topics.applicationsOf(7)], ownList.compute);
    await get();
    feed.announce("applications:user:8");
    feed.announce(topics.applicationRows);
    expect(await get()).toBe("value 1");
    feed.announce("applications:user:7");
    expect(await get()).toBe("value 2");
    // The bare table name (a TRUNCATE, an unclassified change) moves every part of it.
    feed.announce("applications");
    expect(await get()).toBe("value 3");
  });

  it("moves the lagged applicant count at once after a quiet window, then at most once per window", async () => {
    vi.useFakeTimers();
    try {
      const feed = await manualFeed({ countLagMs: 60_000 });
      const cache = new ResponseCache(feed.tracker);
      const list = counter();
      const get = () => cache.get("feed", [topics.applicationCountLagged], list.compute);
      await get();
      feed.announce(topics.applicationCount);
      expect(await get()).toBe("value 2");
      // A burst within the window: one catch-up, at the window's end.
      feed.announce(topics.applicationCount);
      vi.advanceTimersByTime(30_000);
      feed.announce(topics.applicationCount);
      expect(await get()).toBe("value 2");
      vi.advanceTimersByTime(29_999);
      expect(await get()).toBe("value 2");
      vi.advanceTimersByTime(1);
      expect(await get()).toBe("value 3");
      // Nothing more changed: no further move.
      vi.advanceTimersByTime(120_000);
      expect(await get()).toBe("value 3");
      // Quiet for a window: the next change shows at once.
      feed.announce(topics.applicationCount);
      expect(await get()).toBe("value 4");
      await feed.tracker.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("narrows a value's topics once it is known, unless a change landed while it was computed", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker);
    const source = counter();
    const options = { narrowTo: () => [topics.balanceOf(7)] };
    const get = () => cache.get("session", [topics.balances], source.compute, options);
    await get();
    feed.announce(topics.balances);
    feed.announce(topics.balanceOf(8));
    expect(await get()).toBe("value 1");
    feed.announce(topics.balances);
    feed.announce(topics.balanceOf(7));
    expect(await get()).toBe("value 2");

    // A change during the computation: the value is not narrowed, and the next caller computes again.
    let finish: (value: string) => void = () => undefined;
    feed.announce(topics.balanceOf(7));
    const slow = cache.get(
      "session",
      [topics.balances],
      () => new Promise<string>((resolve) => (finish = resolve)),
      options,
    );
    feed.announce(topics.balances);
    feed.announce(topics.balanceOf(8));
    finish("stale");
    expect(await slow).toBe("stale");
    expect(await get()).toBe("value 3");
  });

  it("does not keep a failed computation", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker);
    await expect(cache.get("x", ["users"], () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.get("x", ["users"], async () => "ok")).toBe("ok");
  });

  it("drops the least recently used entries beyond its byte budget", async () => {
    const feed = await manualFeed();
    const cache = new ResponseCache(feed.tracker, 3000);
    const weigh = { weigh: () => 1000 };
    for (const key of ["a", "b", "c"]) await cache.get(key, ["users"], async () => key, weigh);
    await cache.get("a", ["users"], async () => "a again", weigh);
    await cache.get("d", ["users"], async () => "d", weigh);
    expect(cache.size).toBe(3);
    expect(cache.weight).toBeLessThanOrEqual(3000);
    // "b" was the coldest: it is computed again; "a" was used recently and stays.
    expect(await cache.get("a", ["users"], async () => "recomputed", weigh)).toBe("a");
    expect(await cache.get("b", ["users"], async () => "recomputed", weigh)).toBe("recomputed");
  });

  it("with READ_CACHE=false, computes every read while the feed still tells its listeners", async () => {
    const feed = await manualFeed({ caching: false });
    const cache = new ResponseCache(feed.tracker);
    const source = counter();
    await cache.get("feed", ["opportunities"], source.compute);
    expect(await cache.get("feed", ["opportunities"], source.compute)).toBe("value 2");
    const heard: (string | undefined)[] = [];
    const stop = feed.tracker.subscribe(topics.notificationsOf(7), (topic) => heard.push(topic));
    feed.announce(topics.notificationsOf(8));
    feed.announce(topics.notificationsOf(7));
    feed.setLive(false);
    feed.setLive(true);
    stop();
    feed.announce(topics.notificationsOf(7));
    expect(heard).toEqual(["notifications:user:7", undefined]);
  });
});
