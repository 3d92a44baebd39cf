// The benches of bench/notification-cost/: the two decisions that write a notification, timed as their services
// run them (no HTTP), on a fresh copy of the migrated database (test/db.ts) holding a year of history
// (test/history-generator.ts). Each iteration decides an application of its own, made in beforeAll and never
// timed: approve hours (pays the coins, writes the ledger, checks badges) on a submitted-hours application, and
// accept on a pending one. with.bench.ts and without.bench.ts run the same code; the second replaces notify()
// with a no-op (vi.mock), so the difference between them is what the notification and e-mail rows cost.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Database, DatabaseHandle } from "@server/db/client";
import { users } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { updateApplicationStatus } from "@server/modules/applications/applications.service";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { approveHours } from "@server/modules/hours/hours.service";
import type { SessionUser } from "@server/sessions/session-store";
import { createTestDatabase } from "@test/db";
import { generateHistory } from "@test/history-generator";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { CONCURRENCY, type Variant } from "./variants";

/** Milliseconds each bench runs (after its warm-up); BENCH_TIME_MS overrides for a quick check. */
const TIME_MS = Number(process.env.BENCH_TIME_MS ?? 2000);
const OPTIONS = { time: TIME_MS, warmupTime: 200, warmupIterations: 5, iterations: 20 };
/** Applications prepared per decision; the benches stop with an error rather than decide one twice. */
const TARGETS = Number(process.env.BENCH_TARGETS ?? (process.env.DATABASE_URL ? 8000 : 3000));
const HISTORY = { students: 2000, opportunities: 200, applications: 20_000, spanDays: 365 };

/**
 * Applications of students to open opportunities they have not applied to, `status` as given, in an order that
 * walks the opportunities round-robin: consecutive ones (decided together in the concurrent groups) are on
 * different opportunities, whose row lock would otherwise queue them.
 */
async function makeApplications(db: Database, status: "pending" | "hours_submitted", count: number) {
  const submitted = status === "hours_submitted";
  const inserted = rowsOf<{ id: number }>(
    await db.execute(sql`
      with free as (
        select u.id as user_id, o.id as opportunity_id,
               row_number() over (partition by o.id order by random()) as turn
        from users u cross join opportunities o
        where u.role = 'student' and o.status = 'open'
          and not exists (select 1 from applications a where a.user_id = u.id and a.opportunity_id = o.id)
      )
      insert into applications (user_id, opportunity_id, status, submitted_hours, hour_submission_date)
      select user_id, opportunity_id, ${status}, ${submitted ? 3 : 0}, ${submitted ? sql`now()` : sql`null`}
      from free order by turn, opportunity_id limit ${count}
      returning id`),
  );
  const ids = inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
  if (ids.length < count) throw new Error(`only ${ids.length} free (student, opportunity) pairs`);
  if (submitted) {
    await db.execute(sql`insert into hour_submissions (application_id, hours)
      select id, 3 from applications where id between ${ids[0]} and ${ids.at(-1)}`);
  }
  await db.execute(sql`analyze`);
  return ids;
}

async function countRows(db: Database) {
  const [row] = rowsOf<{ notifications: number; mails: number }>(
    await db.execute(sql`select (select count(*)::int from notifications) as notifications,
      (select count(*)::int from mail_outbox) as mails`),
  );
  return { notifications: Number(row?.notifications ?? 0), mails: Number(row?.mails ?? 0) };
}

export function decisionBenches(variant: Variant) {
  let database: DatabaseHandle;
  let db: Database;
  let admin: SessionUser;
  const approveTargets: number[] = [];
  const acceptTargets: number[] = [];
  let before = { notifications: 0, mails: 0 };
  const decided = { approve: 0, accept: 0 };

  const next = (queue: number[], count = 1) => {
    if (queue.length < count) throw new Error("out of prepared applications: raise BENCH_TARGETS");
    return queue.splice(0, count);
  };
  const approve = async (ids: number[]) => {
    await Promise.all(
      ids.map((id) => approveHours(db, admin, id, { coinsAwarded: 20, feedback: "Thank you" })),
    );
    decided.approve += ids.length;
  };
  const accept = async (ids: number[]) => {
    await Promise.all(
      ids.map((id) =>
        updateApplicationStatus(db, admin, id, { status: "accepted", notes: null, adminFeedback: null }),
      ),
    );
    decided.accept += ids.length;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensureBadgeCatalogue(db);
    const [row] = await db
      .insert(users)
      .values({
        email: "bench.admin@iimb.ac.in",
        passwordHash: "not-a-hash: this admin never signs in",
        firstName: "Bench",
        lastName: "Admin",
        role: "admin",
      })
      .returning();
    if (!row) throw new Error("no admin");
    admin = row;
    await generateHistory(db, { ...HISTORY, adminId: admin.id, seed: 17 });
    approveTargets.push(...(await makeApplications(db, "hours_submitted", TARGETS)));
    acceptTargets.push(...(await makeApplications(db, "pending", TARGETS)));
    before = await countRows(db);
  });

  afterAll(async () => {
    const after = await countRows(db);
    const written = {
      variant,
      database: database.kind,
      decisions: decided,
      notificationsWritten: after.notifications - before.notifications,
      mailsWritten: after.mails - before.mails,
    };
    console.log(JSON.stringify(written));
    const out = process.env.BENCH_NOTIFY_OUT;
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, `${variant.replace(/ /g, "-")}.json`), `${JSON.stringify(written)}\n`);
    }
    await database.close();
  });

  describe("approve hours, sequential", () => {
    bench(variant, () => approve(next(approveTargets)), OPTIONS);
  });
  describe("accept application, sequential", () => {
    bench(variant, () => accept(next(acceptTargets)), OPTIONS);
  });
  describe.skipIf(!process.env.DATABASE_URL)(`approve hours, ${CONCURRENCY} at once`, () => {
    bench(variant, () => approve(next(approveTargets, CONCURRENCY)), OPTIONS);
  });
  describe.skipIf(!process.env.DATABASE_URL)(`accept application, ${CONCURRENCY} at once`, () => {
    bench(variant, () => accept(next(acceptTargets, CONCURRENCY)), OPTIONS);
  });
}
