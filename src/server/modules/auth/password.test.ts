import { describe, expect, it } from "vitest";
import {
  Gate,
  generateTemporaryPassword,
  hashPassword,
  setPasswordHashesAtOnce,
  verifyPassword,
} from "./password";

/** A task that runs until `finish` is called, recording when it started. */
function heldTask(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("passwords", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery")).toBe(true);
    expect(await verifyPassword(stored, "wrong")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });

  it("runs as many hashes at once as it is told, the rest in line", async () => {
    setPasswordHashesAtOnce(1);
    try {
      const hashes = await Promise.all(["a", "b", "c"].map((password) => hashPassword(password)));
      expect(
        await Promise.all(hashes.map((stored, i) => verifyPassword(stored, ["a", "b", "c"][i] ?? ""))),
      ).toEqual([true, true, true]);
    } finally {
      setPasswordHashesAtOnce(4);
    }
    expect(() => setPasswordHashesAtOnce(0)).toThrow(RangeError);
  });

  it("generates temporary passwords that are long, readable and never repeat", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generateTemporaryPassword();
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(password).not.toMatch(/[01lio]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});

describe("Gate", () => {
  it("runs at most its limit at once and admits the waiting in order as slots free", async () => {
    const gate = new Gate(2);
    const started: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((name) => heldTask(started, name));
    const results = tasks.map(({ task }) => gate.run(task));
    await settle();
    expect(started).toEqual(["a", "b"]);
    tasks[1]?.finish();
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    tasks[0]?.finish();
    await settle();
    expect(started).toEqual(["a", "b", "c", "d"]);
    for (const { finish } of tasks) finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
  });

  it("frees the slot of a task that fails, and takes a new limit at once", async () => {
    const gate = new Gate(1);
    const started: string[] = [];
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    const tasks = ["a", "b", "c"].map((name) => heldTask(started, name));
    const results = tasks.map(({ task }) => gate.run(task));
    await settle();
    expect(started).toEqual(["a"]);
    gate.setLimit(3);
    await settle();
    expect(started).toEqual(["a", "b", "c"]);
    gate.setLimit(1);
    for (const { finish } of tasks) finish();
    await Promise.all(results);
    // Lowered to one while three ran: the next two tasks still run one at a time.
    const later = ["d", "e"].map((name) => heldTask(started, name));
    const laterResults = later.map(({ task }) => gate.run(task));
    await settle();
    expect(started.slice(3)).toEqual(["d"]);
    for (const { finish } of later) finish();
    await Promise.all(laterResults);
    expect(started.slice(3)).toEqual(["d", "e"]);
  });
});
