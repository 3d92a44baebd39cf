// What an update of a user announces to the caches (migrations 0004, 0009, 0030), on whichever engine the suite
// runs: a new balance alone is news for the leaderboards and that student's session, a celebration marked seen is
// nobody's, and any other change drops every cached user (sessions, lists), the balance's topics then unsaid.
import type { ChangeSubscription } from "@server/db/change-tracker";
import { users } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestContext } from "./app";

let t: TestContext;
const heard: string[] = [];
let subscription: ChangeSubscription | undefined;

beforeAll(async () => {
  t = await createTestApp();
  subscription = await t.database.changes.listen(
    (topic) => heard.push(topic),
    () => undefined,
  );
});
afterAll(async () => {
  await subscription?.stop();
  await t?.close();
});

/** The topics the update announced, once the listener has heard every notice committed so far. */
async function announced(update: () => Promise<unknown>): Promise<string[]> {
  await subscription?.sync();
  heard.length = 0;
  await update();
  await subscription?.sync();
  return [...new Set(heard)].sort();
}

describe("what an update of a user announces", () => {
  it("a new balance: the balance's topics; a celebration seen: nothing; anything else: users", async () => {
    const student = await createTestUser(t.db);
    const byId = eq(users.id, student.id);
    const set = (values: PgUpdateSetSource<typeof users>) => t.db.update(users).set(values).where(byId);

    expect(await announced(() => set({ coins: sql`${users.coins} + 5`, updatedAt: sql`now()` }))).toEqual([
      "users:coins",
      `users:coins:${student.id}`,
    ]);
    expect(await announced(() => set({ celebratedCoins: 5, updatedAt: sql`now()` }))).toEqual([]);
    expect(await announced(() => set({ firstName: "Renamed" }))).toEqual(["users"]);
    expect(await announced(() => set({ interestTypes: ["teaching"] }))).toEqual(["users"]);
    expect(await announced(() => set({ coins: sql`${users.coins} + 5`, lastName: "Moved" }))).toEqual([
      "users",
    ]);
    // Setting a column to the value it holds is no change at all.
    expect(await announced(() => set({ firstName: "Renamed" }))).toEqual([]);
  });
});
