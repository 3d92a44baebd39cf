// Announcements of concurrent transactions share one statement (ADR 0051), and each caller still resolves only
// once its own topics have gone out. The transactions themselves are proved in test/deferred-notices.test.ts.
import { describe, expect, it } from "vitest";
import { batchAnnouncements } from "./deferred-notices";

/** A sender whose sends finish when the test says so. */
function heldSender() {
  const sent: string[][] = [];
  const finish: Array<(error?: Error) => void> = [];
  const send = (topics: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      sent.push([...topics]);
      finish.push((error) => (error ? reject(error) : resolve()));
    });
  return { sent, finish, send };
}

describe("batched announcements", () => {
  it("sends at once when idle, and the topics of everything that waited in one statement after it", async () => {
    const { sent, finish, send } = heldSender();
    const announce = batchAnnouncements(send);
    const done: string[] = [];
    const first = announce(["a"]).then(() => done.push("first"));
    const second = announce(["b", "c"]).then(() => done.push("second"));
    const third = announce(["c", "d"]).then(() => done.push("third"));
    expect(sent).toEqual([["a"]]);
    finish[0]?.();
    await first;
    // The waiting callers are not told before their own topics have gone out.
    expect(done).toEqual(["first"]);
    expect(sent).toEqual([["a"], ["b", "c", "d"]]);
    finish[1]?.();
    await Promise.all([second, third]);
    expect(done).toEqual(["first", "second", "third"]);
    // Idle again: the next one goes at once.
    const fourth = announce(["e"]);
    expect(sent).toHaveLength(3);
    finish[2]?.();
    await fourth;
  });

  it("fails every caller of a failed statement, and goes on with the next", async () => {
    const { sent, finish, send } = heldSender();
    const announce = batchAnnouncements(send);
    const first = announce(["a"]);
    const second = announce(["b"]);
    finish[0]?.();
    await first;
    finish[1]?.(new Error("unreachable"));
    await expect(second).rejects.toThrow("unreachable");
    const third = announce(["c"]);
    expect(sent).toEqual([["a"], ["b"], ["c"]]);
    finish[2]?.();
    await third;
  });
});
