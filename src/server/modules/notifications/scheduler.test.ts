// Reminders once each and the admins' daily digest from 08:00 school time, only when something waits
// (docs/product-rules.md §8); every pass may run in every process, so a second pass writes nothing new.
import {
  adminDigestSettings,
  applications,
  hourSubmissions,
  mailOutbox,
  notifications,
} from "@server/db/schema";
import { createTestApp, type TestContext } from "@test/app";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  REMINDER_AFTER_DAYS,
  REMINDER_LOOK_BACK_DAYS,
  schoolTime,
  sendAdminDigests,
  sendReminders,
} from "./scheduler";

let t: TestContext;
let admin: Actor;
let flow: ReturnType<typeof workflow>;
const DAY_MS = 86_400_000;
const TZ = "Asia/Kolkata";

beforeAll(async () => {
  t = await createTestApp();
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
});
afterAll(() => t?.close());

async function remindersOf(userId: number, kind: "reminder_log_hours" | "reminder_resubmit_hours") {
  return t.db
    .select({ body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe("reminders", () => {
  it("remind a student accepted over a week ago with no hours logged, once, and nobody else", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const idle = await newActor(t.app, t.db);
    const recent = await newActor(t.app, t.db);
    const busy = await newActor(t.app, t.db);
    const stale = await newActor(t.app, t.db);
    const idleApplication = await flow.accepted(admin, idle, opportunity.id);
    const staleApplication = await flow.accepted(admin, stale, opportunity.id);
    await flow.accepted(admin, recent, opportunity.id);
    const busyApplication = await flow.accepted(admin, busy, opportunity.id);
    expect((await flow.submit(busy, busyApplication, 2)).statusCode).toBe(200);
    await t.db
      .update(applications)
      .set({ updatedAt: daysAgo(8) })
      .where(sql`${applications.id} in (${idleApplication}, ${busyApplication})`);
    // Past the look-back after the reminder fell due (ADR 0073): too late to be of use.
    await t.db
      .update(applications)
      .set({ updatedAt: daysAgo(REMINDER_AFTER_DAYS + REMINDER_LOOK_BACK_DAYS + 1) })
      .where(eq(applications.id, staleApplication));
    await t.db
      .update(applications)
      .set({ updatedAt: daysAgo(6) })
      .where(and(eq(applications.userId, recent.id), eq(applications.opportunityId, opportunity.id)));

    await sendReminders(t.db, new Date());
    await sendReminders(t.db, new Date());
    const reminded = await remindersOf(idle.id, "reminder_log_hours");
    expect(reminded.map((row) => row.body)).toEqual([
      `You were accepted on “${opportunity.title}” over a week ago, and no hours are logged yet. Once you have served, submit your hours from your dashboard to earn coins.`,
    ]);
    expect(await remindersOf(recent.id, "reminder_log_hours")).toEqual([]);
    expect(await remindersOf(busy.id, "reminder_log_hours")).toEqual([]);
    expect(await remindersOf(stale.id, "reminder_log_hours")).toEqual([]);
  });

  it("remind a student whose hours were sent back over a week ago and not resubmitted, once", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const waiting = await newActor(t.app, t.db);
    const resubmitted = await newActor(t.app, t.db);
    const stale = await newActor(t.app, t.db);
    const waitingApplication = await flow.accepted(admin, waiting, opportunity.id);
    const resubmittedApplication = await flow.accepted(admin, resubmitted, opportunity.id);
    const staleApplication = await flow.accepted(admin, stale, opportunity.id);
    for (const [student, id] of [
      [waiting, waitingApplication],
      [resubmitted, resubmittedApplication],
      [stale, staleApplication],
    ] as const) {
      expect((await flow.submit(student, id, 3)).statusCode).toBe(200);
      expect((await flow.reject(admin, id, "Add the dates, please")).statusCode).toBe(200);
    }
    expect((await flow.submit(resubmitted, resubmittedApplication, 3)).statusCode).toBe(200);
    await t.db
      .update(hourSubmissions)
      .set({ reviewedAt: daysAgo(8), submittedAt: daysAgo(9) })
      .where(
        and(
          eq(hourSubmissions.status, "rejected"),
          sql`${hourSubmissions.applicationId} in (${waitingApplication}, ${resubmittedApplication})`,
        ),
      );

    await t.db
      .update(hourSubmissions)
      .set({
        reviewedAt: daysAgo(REMINDER_AFTER_DAYS + REMINDER_LOOK_BACK_DAYS + 1),
        submittedAt: daysAgo(16),
      })
      .where(
        and(eq(hourSubmissions.status, "rejected"), eq(hourSubmissions.applicationId, staleApplication)),
      );

    await sendReminders(t.db, new Date());
    await sendReminders(t.db, new Date());
    expect(await remindersOf(waiting.id, "reminder_resubmit_hours")).toHaveLength(1);
    expect(await remindersOf(resubmitted.id, "reminder_resubmit_hours")).toEqual([]);
    expect(await remindersOf(stale.id, "reminder_resubmit_hours")).toEqual([]);
  });
});

describe("the admins' daily digest", () => {
  it("goes from 08:00 school time, once a day, to admins who chose it, listing what waits", async () => {
    // A fresh database: only this test's data waits.
    const context = await createTestApp();
    try {
      const digestAdmin = await newActor(context.app, context.db, "admin");
      const eagerAdmin = await newActor(context.app, context.db, "admin");
      await context.db.insert(adminDigestSettings).values({ userId: eagerAdmin.id, mode: "immediate" });
      const digests = () =>
        context.db
          .select({ userId: mailOutbox.userId, subject: mailOutbox.subject, data: mailOutbox.data })
          .from(mailOutbox)
          .where(eq(mailOutbox.kind, "digest"))
          .orderBy(mailOutbox.id);

      // 07:59 and 08:00 in Bengaluru are 02:29 and 02:30 UTC.
      const beforeEight = new Date("2026-11-25T02:29:00Z");
      const atEight = new Date("2026-11-25T02:30:00Z");
      expect(schoolTime(atEight, TZ)).toEqual({ date: "2026-11-25", hour: 8 });
      // Nothing waits: no digest even at eight.
      expect(await sendAdminDigests(context.db, atEight, TZ)).toBe(0);

      const opportunity = await insertOpportunity(context.db, digestAdmin.id);
      const student = await newActor(context.app, context.db);
      await workflow(context.app).apply(student, opportunity.id);
      expect(await sendAdminDigests(context.db, beforeEight, TZ)).toBe(0);
      expect(await sendAdminDigests(context.db, atEight, TZ)).toBe(1);
      // Later passes that day find every recipient served in one statement: they count nothing that waits.
      const statements = vi.spyOn(context.db, "execute");
      expect(await sendAdminDigests(context.db, new Date("2026-11-25T10:00:00Z"), TZ)).toBe(0);
      expect(statements).toHaveBeenCalledTimes(1);
      statements.mockRestore();
      // An admin who joins later that day still gets today's, and only they do.
      const newcomer = await newActor(context.app, context.db, "admin");
      expect(await sendAdminDigests(context.db, new Date("2026-11-25T11:00:00Z"), TZ)).toBe(1);

      const [digest, newcomers] = await digests();
      expect(digest?.userId).toBe(digestAdmin.id);
      expect(newcomers?.userId).toBe(newcomer.id);
      expect(digest?.subject).toBe("1 item waits for your review");
      expect(digest?.data).toMatchObject({
        items: [
          {
            title: opportunity.title,
            body: "1 application waiting",
            link: `/admin/applications/${opportunity.id}?status=pending`,
          },
        ],
      });
      // The next day brings the next one, to each of them.
      expect(await sendAdminDigests(context.db, new Date("2026-11-26T03:00:00Z"), TZ)).toBe(2);
    } finally {
      await context.close();
    }
  });
});
