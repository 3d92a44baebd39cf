// Change notices leave the decision's commit on PostgreSQL (ADR 0045, migration 0016): a transaction run by
// inTransaction collects its triggers' topics instead of notifying in its own commit, and the process announces
// them once it has committed; everything else still notifies in its commit. Embedded PGlite (one connection, no
// lock to share) notifies in the commit. On both, every change reaches the tracker before inTransaction resolves.
import { ANYTHING_CHANGED, type ChangeSubscription, ChangeTracker } from "@server/db/change-tracker";
import { opportunities } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestContext } from "./app";
import { insertOpportunity } from "./workflow-helpers";

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

/** Waits until every notice committed so far has arrived (the listener's round trip). */
async function settle(): Promise<void> {
  await subscription?.sync();
}

describe("deferred change notices", () => {
  it("collects a transaction's topics on PostgreSQL and announces them once it has committed", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    const opportunity = await insertOpportunity(t.db, admin.id, { title: "Deferred notices" });
    await settle();
    heard.length = 0;
    let collected = "";
    await inTransaction(t.db, async (tx) => {
      await tx
        .update(opportunities)
        .set({ title: "Deferred notices, renamed" })
        .where(eq(opportunities.id, opportunity.id));
      const result = await tx.execute(sql`select current_setting('seva.pending_notices', true) as topics`);
      collected = (result as unknown as { rows: { topics: string | null }[] }).rows[0]?.topics ?? "";
    });
    // Announced before inTransaction resolved: the listener hears it on its next round trip.
    await settle();
    expect(heard).toContain("opportunities");
    if (t.database.kind === "postgres") expect(collected.split("\n")).toContain("opportunities");
    else expect(collected).toBe("");
  });

  it("collects each topic once however many rows announce it", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    for (const title of ["Once A", "Once B", "Once C"]) await insertOpportunity(t.db, admin.id, { title });
    let collected: string[] = [];
    await inTransaction(t.db, async (tx) => {
      await tx
        .update(opportunities)
        .set({ schedule: "Weekends" })
        .where(sql`${opportunities.title} like 'Once %'`);
      const result = await tx.execute(sql`select current_setting('seva.pending_notices', true) as topics`);
      collected = ((result as unknown as { rows: { topics: string | null }[] }).rows[0]?.topics ?? "")
        .split("\n")
        .filter(Boolean);
    });
    if (t.database.kind === "postgres") expect(collected).toEqual(["opportunities"]);
    else expect(collected).toEqual([]);
  });

  it("notifies in the commit outside inTransaction, as scripts and psql do", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    await settle();
    heard.length = 0;
    await insertOpportunity(t.db, admin.id, { title: "Plain statement" });
    await settle();
    expect(heard).toContain("opportunities");
  });

  it("rolls a failed transaction back whole, announces nothing of it, and goes on on the same pool", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    const opportunity = await insertOpportunity(t.db, admin.id, { title: "Rolled back" });
    await settle();
    heard.length = 0;
    // More failures than the pool has connections: each must come back to the pool usable.
    for (let attempt = 0; attempt < 12; attempt++) {
      await expect(
        inTransaction(t.db, async (tx) => {
          await tx
            .update(opportunities)
            .set({ title: "Never committed" })
            .where(eq(opportunities.id, opportunity.id));
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
    }
    const [row] = await t.db
      .select({ title: opportunities.title })
      .from(opportunities)
      .where(eq(opportunities.id, opportunity.id));
    expect(row?.title).toBe("Rolled back");
    await settle();
    expect(heard).not.toContain("opportunities");
    // A statement after a failed one starts a transaction of its own: the connection is not left in one.
    const defer = await inTransaction(t.db, async (tx) => {
      const result = await tx.execute(sql`select current_setting('seva.pending_notices', true) as topics`);
      return (result as unknown as { rows: { topics: string | null }[] }).rows[0]?.topics ?? "";
    });
    expect(defer).toBe("");
  });

  it("drops every cached version when a process announces that anything may have changed", () => {
    const tracker = ChangeTracker.offline();
    // An offline tracker hands out no versions; the epoch it keys them by is what '*' moves.
    const before = (tracker as unknown as { epoch: number }).epoch;
    tracker.touch(ANYTHING_CHANGED);
    expect((tracker as unknown as { epoch: number }).epoch).toBe(before + 1);
  });
});
