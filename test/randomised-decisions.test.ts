// Thousands of interleaved decisions (apply, accept, reject, submit, approve, reject hours, complete, delete)
// from many actors, several at a time, with the same decision often sent twice at once. Afterwards the ledger
// check passes, no application is paid past its cap, capacities hold and no request failed with a 5xx.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLedgerProblems } from "../src/server/modules/coins/ledger-check";
import { createTestApp, type TestContext } from "./app";
import { type Actor, insertOpportunity, newActor, workflow } from "./workflow-helpers";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A small deterministic generator, so a failure can be replayed with the printed seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

describe("a randomised run of decisions", () => {
  it("keeps the ledger, caps and capacities consistent", async () => {
    const operations = t.database.kind === "postgres" ? 3000 : 1200;
    const seed = Number(process.env.SEVA_RANDOM_SEED ?? Date.now() % 100_000);
    const random = generator(seed);
    const flow = workflow(t.app);
    const admins = await Promise.all([1, 2, 3].map(() => newActor(t.app, t.db, "admin")));
    const students = await Promise.all(Array.from({ length: 24 }, () => newActor(t.app, t.db)));
    const opportunityIds: number[] = [];
    for (let i = 0; i < 30; i++) {
      const opportunity = await insertOpportunity(t.db, admins[0]?.id ?? 0, {
        capacity: random.pick([null, 3, 6, 12]),
        maxCoins: random.pick([40, 100, 250]),
        totalRequiredHours: random.pick([null, 30, 80]),
        title: `Random ${i}`,
      });
      opportunityIds.push(opportunity.id);
    }

    const known = async () =>
      (await t.db.execute(sql`select id from applications`)) as unknown as { rows: { id: number }[] };
    const statuses: number[] = [];
    type Send = () => Promise<{ statusCode: number }>;
    /** Chooses one decision and returns how to send it, so the same decision can be sent twice at once. */
    const prepare = async (): Promise<Send> => {
      const rows = (await known()).rows.map((row) => row.id);
      const admin = random.pick(admins) as Actor;
      const student = random.pick(students) as Actor;
      const applicationId = rows.length > 0 ? random.pick(rows) : 1;
      const roll = random.next();
      if (roll < 0.25) {
        const opportunityId = random.pick(opportunityIds);
        return () => flow.call(student, "POST", "/api/applications", { opportunityId });
      }
      if (roll < 0.4) {
        const status = random.pick(["accepted", "rejected"]);
        return () => flow.setStatus(admin, applicationId, { status });
      }
      if (roll < 0.6) {
        // The owner submits: other students would only get 403.
        const owner = await t.db.execute(sql`select user_id from applications where id = ${applicationId}`);
        const ownerId = (owner as unknown as { rows: { user_id: number }[] }).rows[0]?.user_id;
        const actor = students.find((candidate) => candidate.id === ownerId) ?? student;
        const hours = 1 + Math.floor(random.next() * 8);
        return () => flow.submit(actor, applicationId, hours);
      }
      if (roll < 0.8) {
        const coins = 1 + Math.floor(random.next() * 120);
        return () => flow.approve(admin, applicationId, coins);
      }
      if (roll < 0.88) return () => flow.reject(admin, applicationId, "Please resubmit with details");
      if (roll < 0.995) {
        const body = {
          status: "completed",
          coinsAwarded: 1 + Math.floor(random.next() * 100),
          hoursCompleted: Math.floor(random.next() * 6) / 2,
          adminFeedback: "Thank you",
        };
        return () => flow.setStatus(admin, applicationId, body);
      }
      const opportunityId = random.pick(opportunityIds);
      return () => flow.call(admin, "DELETE", `/api/opportunities/${opportunityId}`);
    };

    // Waves of 8 concurrent decisions; in every other wave each decision is sent twice at once (a double click).
    for (let wave = 0; wave * 8 < operations; wave++) {
      const sends = await Promise.all(Array.from({ length: 8 }, prepare));
      const results = await Promise.all(
        sends.flatMap((send) => (wave % 2 === 0 ? [send(), send()] : [send()])),
      );
      statuses.push(...results.map((result) => result.statusCode));
    }

    expect(
      statuses.filter((status) => status >= 500),
      `seed ${seed}`,
    ).toEqual([]);
    expect(statuses.filter((status) => status === 200 || status === 201).length).toBeGreaterThan(
      operations / 5,
    );
    expect(await findLedgerProblems(t.db), `seed ${seed}`).toEqual([]);
    const overCapacity = await t.db.execute(sql`
      select o.id from opportunities o
      where o.capacity is not null
        and (select count(*) from applications a where a.opportunity_id = o.id and a.status <> 'rejected') > o.capacity`);
    expect((overCapacity as unknown as { rows: unknown[] }).rows, `seed ${seed}`).toEqual([]);
  }, 240_000);
});
