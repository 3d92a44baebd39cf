// The trail a generated history leaves (history-trail.ts) is the one the services would have written: a timeline
// per application, a notification per decision keyed as notify.ts keys it, the reminders the scheduler owed, an
// e-mail per student notification; and a decision made afterwards through the services writes its own
// notification beside them.

import type { DatabaseHandle } from "@server/db/client";
import { users } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { approveHours } from "@server/modules/hours/hours.service";
import { sendReminders } from "@server/modules/notifications/scheduler";
import { createTestUser } from "@test/app";
import { createTestDatabase } from "@test/db";
import { generateHistory } from "@test/history-generator";
import { generateTrail } from "@test/history-trail";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let handle: DatabaseHandle;
let adminId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  adminId = (await createTestUser(handle.db, { role: "admin" })).id;
  await generateHistory(handle.db, {
    students: 40,
    opportunities: 6,
    applications: 200,
    spanDays: 90,
    adminId,
  });
  await generateTrail(handle.db);
}, 120_000);
afterAll(() => handle?.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await handle.db.execute(query));
  return Number(row?.n);
}

describe("the trail of a generated history", () => {
  it("gives every application its timeline, and every decision its notification and e-mail", async () => {
    expect(await count(sql`select count(*)::int as n from applications`)).toBe(200);
    // One applied step per application; one step per submission and per approval.
    expect(
      await count(sql`select count(*)::int as n from applications a
        where (select count(*) from application_events e where e.application_id = a.id and e.kind = 'applied') <> 1`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from hour_submissions h where h.status = 'approved'
        and not exists (select from application_events e where e.hour_submission_id = h.id and e.kind = 'hours_approved'
          and e.coins = h.coins_awarded)`),
    ).toBe(0);
    // Each approval told its student, under the key notify.ts gives it (kind, occurrence, recipient).
    expect(
      await count(sql`select count(*)::int as n from hour_submissions h join applications a on a.id = h.application_id
        where h.status = 'approved' and not exists (select from notifications n
          where n.dedupe_key = 'hours_approved:' || h.id || ':' || a.user_id and n.user_id = a.user_id)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from notifications where kind = 'hours_approved'`)).toBe(
      await count(sql`select count(*)::int as n from hour_submissions where status = 'approved'`),
    );
    // Every student notification was e-mailed; the administrators' notices wait for their digest.
    expect(
      await count(sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
        where u.role = 'student' and not exists (select from mail_outbox m where m.notification_id = n.id and m.status = 'sent')`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from mail_outbox m join users u on u.id = m.user_id
        where u.role = 'admin'`),
    ).toBe(0);
  });

  it("leaves no reminder owed: the scheduler's first pass on it finds nobody to remind", async () => {
    expect(
      await count(sql`select count(*)::int as n from notifications where kind like 'reminder%'`),
    ).toBeGreaterThan(0);
    expect(await sendReminders(handle.db, new Date())).toBe(0);
  });

  it("leaves room for the services' own notifications: an approval afterwards tells its student once more", async () => {
    const [pending] = rowsOf<{ application_id: number; user_id: number; submission_id: number }>(
      await handle.db.execute(sql`select a.id as application_id, a.user_id, h.id as submission_id
        from applications a join hour_submissions h on h.application_id = a.id and h.status = 'pending'
        where a.status = 'hours_submitted' order by a.id limit 1`),
    );
    if (!pending) throw new Error("the history has no hours under review");
    const before = await count(
      sql`select count(*)::int as n from notifications where user_id = ${pending.user_id}`,
    );
    const [admin] = await handle.db.select().from(users).where(eq(users.id, adminId));
    if (!admin) throw new Error("no admin");
    const decided = await approveHours(handle.db, admin, pending.application_id, {
      coinsAwarded: 10,
      feedback: null,
    });
    expect(decided.application.status).toBe("hours_approved");
    expect(
      await count(sql`select count(*)::int as n from notifications where user_id = ${pending.user_id}`),
    ).toBe(before + 1);
    expect(
      await count(sql`select count(*)::int as n from notifications
        where dedupe_key = ${`hours_approved:${pending.submission_id}:${pending.user_id}`}`),
    ).toBe(1);
  });
});
