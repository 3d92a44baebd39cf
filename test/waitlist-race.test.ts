// The waiting list under concurrency (docs/product-rules.md §12, ADR 0037): 100 students (30 on the embedded
// database, which runs one transaction at a time) join the line of a full opportunity while admins reject,
// holders withdraw, offered students take, decline or leave, others apply, the capacity grows and offers lapse
// (the scheduler's pass with its clock moved 49 hours on), several at a time and often twice at once. Throughout
// and at the end: no opportunity holds more than its capacity (applications plus offers), each freed place went
// to exactly one person, nobody holds two live places in line, no request answered 5xx, and the ledger holds.

import { rowsOf } from "@server/lib/sql";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import { expireOffers } from "@server/modules/waitlist/waitlist.service";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "./app";
import { generator } from "./decision-driver";
import { type Actor, insertOpportunity, newActor, workflow } from "./workflow-helpers";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOUR_MS = 3_600_000;

interface Places {
  capacity: number;
  occupying: number;
  offered: number;
  waiting: number;
}

/** One statement, so one snapshot: the places as the database holds them at that instant. */
async function placesOf(opportunityId: number): Promise<Places> {
  const [row] = rowsOf<Places>(
    await t.db.execute(sql`select o.capacity,
        (select count(*)::int from applications a where a.opportunity_id = o.id
           and a.status not in ('rejected', 'withdrawn')) as occupying,
        (select count(*)::int from waitlist_entries w where w.opportunity_id = o.id and w.status = 'offered') as offered,
        (select count(*)::int from waitlist_entries w where w.opportunity_id = o.id and w.status = 'waiting') as waiting
      from opportunities o where o.id = ${opportunityId}`),
  );
  if (!row) throw new Error("no opportunity");
  return row;
}

describe("a randomised run on a waiting list", () => {
  it("never over-fills and offers each freed place to exactly one person", async () => {
    const onPostgres = t.database.kind === "postgres";
    const joiners = onPostgres ? 100 : 30;
    const capacity = onPostgres ? 10 : 5;
    const operations = onPostgres ? 1500 : 400;
    const clients = 8;
    const seed = Number(process.env.SEVA_RANDOM_SEED ?? Date.now() % 100_000);
    const random = generator(seed);
    const flow = workflow(t.app);

    const admins = [await newActor(t.app, t.db, "admin"), await newActor(t.app, t.db, "admin")];
    const opportunityId = (await insertOpportunity(t.db, admins[0]?.id ?? 0, { capacity, title: "Race" })).id;
    const holders: Actor[] = [];
    for (let i = 0; i < capacity; i++) {
      const holder = await newActor(t.app, t.db);
      await flow.apply(holder, opportunityId);
      holders.push(holder);
    }
    const students: Actor[] = [];
    for (let i = 0; i < joiners; i++) students.push(await newActor(t.app, t.db));
    const everyone = [...holders, ...students];

    const statuses: number[] = [];
    const counts: Record<string, number> = {};
    const checkpoints: string[] = [];
    let currentCapacity = capacity;

    async function applicationIds(): Promise<{ id: number; userId: number }[]> {
      return rowsOf<{ id: number; userId: number }>(
        await t.db.execute(sql`select id, user_id as "userId" from applications
          where opportunity_id = ${opportunityId} and status in ('pending', 'accepted')`),
      );
    }

    async function checkpoint(label: string) {
      const places = await placesOf(opportunityId);
      if (places.occupying + places.offered > places.capacity) {
        checkpoints.push(`${label}: ${JSON.stringify(places)}`);
      }
    }

    async function operate(sequence: number): Promise<void> {
      // Every student joins first, eight at a time, while the opportunity is full (so the line is long before the
      // first place frees: a run that freed places before anyone waited offered nothing, seed 86106); later
      // operations are all random, and more joins race with the frees, takes and lapses among them.
      const early = sequence < joiners;
      const kind = early
        ? ("join" as const)
        : random.pick([
            "join",
            "join",
            "join",
            "reject",
            "withdraw",
            "take",
            "take",
            "leave",
            "apply",
            "expire",
            "accept",
            "grow",
            "check",
          ] as const);
      counts[kind] = (counts[kind] ?? 0) + 1;
      const twice = random.next() < 0.3;
      const send = async (run: () => Promise<{ statusCode: number }>) => {
        const answers = await Promise.all(twice ? [run(), run()] : [run()]);
        for (const answer of answers) statuses.push(answer.statusCode);
      };
      const admin = random.pick(admins);
      switch (kind) {
        case "join": {
          const student = (early ? students[sequence] : undefined) ?? random.pick(students);
          return send(() => flow.call(student, "POST", `/api/opportunities/${opportunityId}/waitlist`, {}));
        }
        case "take": {
          const student = random.pick(students);
          return send(() =>
            flow.call(student, "POST", `/api/opportunities/${opportunityId}/waitlist/accept-offer`),
          );
        }
        case "leave": {
          const student = random.pick(students);
          return send(() => flow.call(student, "DELETE", `/api/opportunities/${opportunityId}/waitlist`));
        }
        case "apply": {
          const student = random.pick(everyone);
          return send(() => flow.call(student, "POST", "/api/applications", { opportunityId }));
        }
        case "reject":
        case "accept":
        case "withdraw": {
          const application = random.pick(await applicationIds());
          if (!application) return;
          if (kind === "withdraw") {
            const owner = everyone.find((actor) => actor.id === application.userId);
            if (!owner) return;
            return send(() => flow.call(owner, "POST", `/api/applications/${application.id}/withdraw`));
          }
          const status = kind === "reject" ? "rejected" : "accepted";
          return send(() => flow.setStatus(admin, application.id, { status }));
        }
        case "expire": {
          // The scheduler of two processes, their clocks 49 hours on: every live offer lapses, once.
          const later = new Date(Date.now() + 49 * HOUR_MS);
          await Promise.all(
            twice ? [expireOffers(t.db, later), expireOffers(t.db, later)] : [expireOffers(t.db, later)],
          );
          return;
        }
        case "grow": {
          // Rarely: one more place.
          if (random.next() > 0.3 || currentCapacity >= capacity + 5) return;
          const current = (await flow.call(admin, "GET", `/api/opportunities/${opportunityId}`)).json();
          currentCapacity = Math.max(currentCapacity, current.capacity + 1);
          const response = await flow.call(admin, "PUT", `/api/opportunities/${opportunityId}`, {
            ...current,
            capacity: current.capacity + 1,
          });
          statuses.push(response.statusCode);
          return;
        }
        case "check":
          return checkpoint(`operation ${sequence}`);
      }
    }

    let next = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < operations) {
          const sequence = next++;
          await operate(sequence);
        }
      }),
    );
    // Quiet now: one more scheduler pass settles nothing new (no offer is past its real deadline).
    await expireOffers(t.db, new Date());
    await checkpoint("end");
    console.log(
      `seed ${seed}: ${JSON.stringify(counts)}; statuses ${summarise(statuses)}; end ${JSON.stringify(await placesOf(opportunityId))}`,
    );

    expect(
      statuses.filter((status) => status >= 500),
      `seed ${seed}`,
    ).toEqual([]);
    expect(checkpoints, `seed ${seed}`).toEqual([]);

    const end = await placesOf(opportunityId);
    // Never over-filled, and no freed place left unoffered while someone waits: each went to exactly one person.
    expect(end.occupying + end.offered, `seed ${seed}`).toBeLessThanOrEqual(end.capacity);
    if (end.waiting > 0) expect(end.occupying + end.offered, `seed ${seed}`).toBe(end.capacity);

    // Every entry ever offered was told once, and no one else was told of an offer.
    const [told] = rowsOf<{ offered: number; notices: number; mismatched: number }>(
      await t.db.execute(sql`select
          (select count(*)::int from waitlist_entries where opportunity_id = ${opportunityId} and offered_at is not null) as offered,
          (select count(*)::int from notifications where kind = 'waitlist_offer') as notices,
          (select count(*)::int from waitlist_entries w where w.opportunity_id = ${opportunityId}
             and (w.offered_at is not null) <> exists (select 1 from notifications n
               where n.dedupe_key = 'waitlist_offer:' || w.id || ':' || w.user_id)) as mismatched`),
    );
    expect(told?.mismatched, `seed ${seed}`).toBe(0);
    expect(told?.notices, `seed ${seed}`).toBe(told?.offered);

    // Nobody holds two live places in line, nor a live place beside an active application.
    const doubles = rowsOf(
      await t.db.execute(sql`select w.user_id from waitlist_entries w
        where w.status in ('waiting', 'offered')
        group by w.opportunity_id, w.user_id having count(*) > 1
        union all
        select w.user_id from waitlist_entries w join applications a
          on a.user_id = w.user_id and a.opportunity_id = w.opportunity_id
          and a.status not in ('rejected', 'withdrawn')
        where w.status in ('waiting', 'offered')`),
    );
    expect(doubles, `seed ${seed}`).toEqual([]);
    // Some of everything happened: people joined, places were offered and taken.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(joiners / 2);
    expect(told?.offered ?? 0).toBeGreaterThan(0);
    expect(await findLedgerProblems(t.db), `seed ${seed}`).toEqual([]);
  }, 300_000);
});

function summarise(statuses: readonly number[]): string {
  const byStatus = new Map<number, number>();
  for (const status of statuses) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}
