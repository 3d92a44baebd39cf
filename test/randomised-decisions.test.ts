// Thousands of interleaved decisions (apply, accept, reject, submit, approve, reject hours, complete, close,
// delete) from many actors, several at a time, with the same decision often sent twice at once, in one process
// through app.inject (test/two-processes.test.ts drives the same decisions over HTTP at two server processes).
// Afterwards the ledger check passes, nothing is paid twice or past its cap, capacities hold and no request
// failed with a 5xx. Meanwhile the scheduler's fold of the daily counts runs again and again as if today were
// over, so the decisions also land on days already folded (as a late completion or a deletion does).

import { compactApplicationDaily } from "@server/modules/analytics/daily-compaction";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./app";
import {
  driveDecisions,
  findPaymentProblems,
  formatReport,
  generator,
  injectTransport,
} from "./decision-driver";
import { insertOpportunity, newActor } from "./workflow-helpers";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("a randomised run of decisions", () => {
  it("keeps the ledger, caps and capacities consistent", async () => {
    const decisions = t.database.kind === "postgres" ? 3000 : 1200;
    const seed = Number(process.env.SEVA_RANDOM_SEED ?? Date.now() % 100_000);
    const random = generator(seed);
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

    // Folding with tomorrow's date merges today's shards too, while the decisions keep adding to them.
    const tomorrow = new Date(Date.now() + 86_400_000);
    let deciding = true;
    const folding = (async () => {
      let folds = 0;
      while (deciding) {
        await compactApplicationDaily(t.db, tomorrow);
        folds++;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return folds;
    })();
    const report = await driveDecisions({
      transport: injectTransport(t.app),
      admins,
      students,
      opportunityIds,
      decisions,
      clients: 8,
      doubleRate: 0.5,
      seed,
    });
    deciding = false;
    const folds = await folding;
    console.log(`seed ${seed}: ${formatReport(report)}, ${folds} folds`);
    expect(folds).toBeGreaterThan(1);

    expect(
      report.statuses.filter((status) => status >= 500),
      `seed ${seed}`,
    ).toEqual([]);
    expect(report.statuses.filter((status) => status === 200 || status === 201).length).toBeGreaterThan(
      decisions / 5,
    );
    expect(await findLedgerProblems(t.db), `seed ${seed}`).toEqual([]);
    expect(await findPaymentProblems(t.db), `seed ${seed}`).toEqual([]);
  }, 240_000);
});
