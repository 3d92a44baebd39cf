// An edit never breaks the ledger check (docs/product-rules.md §7): the coin cap cannot go below the coins
// already paid on one of the opportunity's applications, not even when an approval races the edit. A database
// of its own, so the ledger check below covers everything in it.

import { applications, opportunities } from "@server/db/schema";
import { as, createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerProblems } from "../coins/ledger-check";

let t: TestContext;
let flow: ReturnType<typeof workflow>;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  flow = workflow(t.app);
  admin = await newActor(t.app, t.db, "admin");
});
afterAll(() => t?.close());

const input = {
  title: "Library reading hour",
  shortDescription: "Read with children",
  fullDescription: "Weekly reading sessions at the public library.",
  coinsPerHour: 15,
};

const edit = (id: number, maxCoins: number, title = input.title) =>
  as(t.app, admin.cookie, {
    method: "PUT",
    url: `/api/opportunities/${id}`,
    payload: { ...input, title, maxCoins },
  });

/** An opportunity capped at 300 coins and an application with `hours` submitted for review. */
async function underReview(hours: number) {
  const opportunity = await insertOpportunity(t.db, admin.id, { ...input, maxCoins: 300 });
  const student = await newActor(t.app, t.db);
  const applicationId = await flow.accepted(admin, student, opportunity.id);
  expect((await flow.submit(student, applicationId, hours)).statusCode).toBe(200);
  return { opportunity, applicationId };
}

const rowOf = async (id: number) =>
  (await t.db.select().from(opportunities).where(eq(opportunities.id, id)))[0];

describe("PUT /api/opportunities/:id and the coin cap", () => {
  it("refuses a cap below coins already awarded, naming them, and accepts exactly that amount", async () => {
    const { opportunity, applicationId } = await underReview(8);
    expect((await flow.approve(admin, applicationId, 120)).statusCode).toBe(200);
    const before = await rowOf(opportunity.id);

    const refused = await edit(opportunity.id, 119, "Renamed while refused");
    expect(refused.statusCode).toBe(409);
    const message = "Maximum coins cannot go below 120: one application has already been awarded 120 coins";
    expect(refused.json()).toEqual({ message, code: "conflict", fieldErrors: { maxCoins: [message] } });
    expect(await rowOf(opportunity.id)).toEqual(before);

    const lowered = await edit(opportunity.id, 120, "Renamed");
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({ maxCoins: 120, title: "Renamed" });
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });

  it("judges each opportunity by its own applications' highest award", async () => {
    const { opportunity, applicationId } = await underReview(2);
    expect((await flow.approve(admin, applicationId, 20)).statusCode).toBe(200);
    // Another opportunity's larger award does not hold this one back.
    expect((await edit(opportunity.id, 20)).statusCode).toBe(200);
    expect((await edit(opportunity.id, 19)).json().message).toBe(
      "Maximum coins cannot go below 20: one application has already been awarded 20 coins",
    );
    const untouched = await insertOpportunity(t.db, admin.id, input);
    expect((await edit(untouched.id, 1)).statusCode).toBe(200);
  });

  it("stays consistent when an approval races a lowering edit", async () => {
    for (let round = 0; round < 8; round++) {
      const { opportunity, applicationId } = await underReview(8);
      const [approval, lowering] = await Promise.all([
        flow.approve(admin, applicationId, 120),
        edit(opportunity.id, 100),
      ]);
      expect(approval.statusCode).toBe(200);
      const [paid] = await t.db.select().from(applications).where(eq(applications.id, applicationId));
      const cap = (await rowOf(opportunity.id))?.maxCoins;
      if (lowering.statusCode === 200) {
        // The edit went first: the approval paid within the new cap.
        expect(cap).toBe(100);
        expect(paid?.coinsAwarded).toBe(100);
      } else {
        // The approval went first: the edit saw its coins.
        expect(lowering.statusCode).toBe(409);
        expect(lowering.json().message).toContain("cannot go below 120");
        expect(cap).toBe(300);
        expect(paid?.coinsAwarded).toBe(120);
      }
    }
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });
});
