import { applications, coinLedger, hourSubmissions, users } from "@server/db/schema";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerProblems } from "./ledger-check";

let t: TestContext;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
});
afterAll(() => t?.close());

describe("findLedgerProblems", () => {
  it("passes on consistent data and names each broken row", async () => {
    const flow = workflow(t.app);
    const opportunity = await insertOpportunity(t.db, admin.id, { maxCoins: 100 });
    const student = await newActor(t.app, t.db);
    const id = await flow.accepted(admin, student, opportunity.id);
    await flow.submit(student, id, 2);
    await flow.approve(admin, id, 20);
    expect(await findLedgerProblems(t.db)).toEqual([]);

    await t.db.update(users).set({ coins: 999 }).where(eq(users.id, student.id));
    await t.db
      .update(applications)
      .set({ coinsAwarded: 150, hoursCompleted: 9 })
      .where(eq(applications.id, id));
    await t.db.insert(coinLedger).values({ userId: student.id, amount: 1, reason: "stray" });
    await t.db.update(applications).set({ status: "hours_submitted" }).where(eq(applications.id, id));
    const problems = await findLedgerProblems(t.db);
    expect(problems.map((problem) => `${problem.check} | ${problem.row}`).sort()).toEqual(
      [
        `application coins equal its ledger rows | application ${id}`,
        `application coins within the opportunity's cap | application ${id}`,
        `application hours equal its approved submissions | application ${id}`,
        `balance equals ledger sum | user ${student.id}`,
        `under review exactly when a submission is pending | application ${id}`,
      ].sort(),
    );
    expect(problems.find((problem) => problem.row === `user ${student.id}`)?.detail).toBe(
      "coins 999 <> ledger 21",
    );
    await t.db.delete(hourSubmissions).where(eq(hourSubmissions.applicationId, id));
  });
});
