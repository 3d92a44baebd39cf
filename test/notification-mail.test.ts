// The e-mail of notifications against a real SMTP server on loopback (docs/product-rules.md §8, issue 17): every
// event the services produce reaches the right person once, as a text and an HTML part linking to its screen on
// PUBLIC_URL; a decision that rolls back sends nothing; a relay that defers and then accepts gets every message
// once, with the retries recorded, and one that keeps refusing ends failed after a day; the unsubscribe link of a
// message's own header works without a session and stops that category's mail; a tampered token changes nothing.
// The worker's clock is moved instead of waiting for the backoff.
import { mailOutbox, notificationPreferences } from "@server/db/schema";
import { createMailer } from "@server/mail/mailer";
import {
  DeliveryWorker,
  GIVE_UP_AFTER_MS,
  messageIdOf,
  retryDelayMs,
} from "@server/modules/notifications/delivery-worker";
import { and, eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_CONFIG, type TestContext } from "./app";
import { type Delivery, headerOf, partsOf, smtpUrl, startSmtpServer } from "./smtp-peer";
import { type Actor, insertOpportunity, newActor, workflow } from "./workflow-helpers";

const PUBLIC_URL = "https://seva.mail-test.example";
const SITE = { publicUrl: PUBLIC_URL, institutionName: "IIM Bangalore" };

let t: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: DeliveryWorker;
let admin: Actor;
let flow: ReturnType<typeof workflow>;
/** How far the worker's clock runs ahead of the real one. */
let aheadMs = 0;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = new DeliveryWorker({
    db: t.db,
    mailer: createMailer({
      smtpUrl: smtpUrl(smtp.port),
      from: '"Seva · IIM Bangalore" <no-reply@iimb.ac.in>',
    }),
    site: SITE,
    secret: TEST_APP_CONFIG.sessionSecret,
    now: () => new Date(Date.now() + aheadMs),
  });
  admin = await newActor(t.app, t.db, "admin");
  flow = workflow(t.app);
  // This admin hears of new work as it happens (through the preferences endpoint), so those mails go too.
  const chosen = await flow.call(admin, "PUT", "/api/notifications/preferences", { digest: "immediate" });
  expect(chosen.statusCode).toBe(200);
  expect(chosen.json()).toMatchObject({ digest: "immediate" });
});
afterAll(async () => {
  await worker?.stop();
  await smtp?.close();
  await t?.close();
});

type OutboxRow = typeof mailOutbox.$inferSelect;

async function outboxAfter(id: number): Promise<OutboxRow[]> {
  return t.db.select().from(mailOutbox).where(gt(mailOutbox.id, id)).orderBy(mailOutbox.id);
}

async function lastOutboxId(): Promise<number> {
  const rows = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
  return Math.max(0, ...rows.map((row) => row.id));
}

const deliveriesOf = (row: OutboxRow): Delivery[] =>
  smtp.deliveries.filter(
    (delivery) => headerOf(delivery.raw, "Message-ID") === messageIdOf(row.id, PUBLIC_URL),
  );

describe("each event's e-mail", () => {
  it("reaches the right person once, with a text and an HTML part and the absolute link to its screen", async () => {
    const since = await lastOutboxId();
    const opportunity = await insertOpportunity(t.db, admin.id, {
      coinsPerHour: 25,
      maxCoins: 1000,
      totalRequiredHours: 8,
    });
    const [student, turnedAway, finisher] = [
      await newActor(t.app, t.db),
      await newActor(t.app, t.db),
      await newActor(t.app, t.db),
    ];
    const id = await flow.apply(student, opportunity.id);
    expect((await flow.setStatus(admin, id, { status: "accepted" })).statusCode).toBe(200);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    expect((await flow.reject(admin, id, "Please add the dates <b>you</b> served")).statusCode).toBe(200);
    expect((await flow.submit(student, id, 4)).statusCode).toBe(200);
    expect((await flow.approve(admin, id, 100)).statusCode).toBe(200);
    const refused = await flow.apply(turnedAway, opportunity.id);
    expect((await flow.setStatus(admin, refused, { status: "rejected" })).statusCode).toBe(200);
    const finishing = await flow.accepted(admin, finisher, opportunity.id);
    const complete = { status: "completed", coinsAwarded: 50, hoursCompleted: 4, adminFeedback: "Thank you" };
    expect((await flow.setStatus(admin, finishing, complete)).statusCode).toBe(200);
    // The opportunity moves and closes under a student still under way, then is removed.
    const other = await insertOpportunity(t.db, admin.id);
    const going = await newActor(t.app, t.db);
    await flow.accepted(admin, going, other.id);
    const current = (await flow.call(admin, "GET", `/api/opportunities/${other.id}`)).json();
    const edit = { ...current, location: "Hebbal Lake gate 2", schedule: "Sundays 7:00–9:00" };
    expect((await flow.call(admin, "PUT", `/api/opportunities/${other.id}`, edit)).statusCode).toBe(200);
    expect((await flow.call(admin, "PATCH", `/api/opportunities/${other.id}/close`)).statusCode).toBe(200);
    expect((await flow.call(admin, "DELETE", `/api/opportunities/${other.id}`)).statusCode).toBe(200);

    await worker.runOnce();
    const rows = await outboxAfter(since);
    expect(new Set(rows.map((row) => row.kind))).toEqual(
      new Set([
        "application_received",
        "new_application",
        "application_accepted",
        "new_hours",
        "hours_rejected",
        "hours_approved",
        "target_reached",
        "application_rejected",
        "application_completed",
        "opportunity_changed",
        "opportunity_closed",
        "opportunity_deleted",
      ]),
    );
    const addresses = new Map(
      [student, turnedAway, finisher, going, admin].map((actor) => [actor.id, actor.email]),
    );
    for (const row of rows) {
      expect(row.status, row.kind).toBe("sent");
      const delivered = deliveriesOf(row);
      expect(delivered, row.kind).toHaveLength(1);
      const [delivery] = delivered as [Delivery];
      expect(delivery.recipients).toEqual([addresses.get(row.userId ?? 0)]);
      expect(headerOf(delivery.raw, "To")).toBe(addresses.get(row.userId ?? 0));
      const link = `${PUBLIC_URL}${(row.data as { link: string }).link}`;
      const { text, html } = partsOf(delivery.raw);
      expect(text, row.kind).toContain(link);
      expect(text).toContain((row.data as { body: string }).body);
      expect(html, row.kind).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
      expect(html).toContain("IIM Bangalore");
      expect(headerOf(delivery.raw, "List-Unsubscribe")).toMatch(
        new RegExp(`^<${PUBLIC_URL}/api/unsubscribe\\?token=[\\w.-]+>$`),
      );
      expect(headerOf(delivery.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    }
    // The figures and the feedback are in the message, escaped by React in the HTML part.
    const approved = rows.find((row) => row.kind === "hours_approved") as OutboxRow;
    expect(partsOf(deliveriesOf(approved)[0]?.raw ?? "").text).toContain("Coins earned: 100");
    const rejected = rows.find((row) => row.kind === "hours_rejected") as OutboxRow;
    const rejectedHtml = partsOf(deliveriesOf(rejected)[0]?.raw ?? "").html;
    expect(rejectedHtml).toContain("&lt;b&gt;you&lt;/b&gt;");
    expect(rejectedHtml).not.toContain("<b>you</b>");

    // Nothing is sent twice.
    const count = smtp.deliveries.length;
    await worker.runOnce();
    expect(smtp.deliveries).toHaveLength(count);
  });

  it("is not written, nor sent, for a decision that rolls back", async () => {
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    await worker.runOnce();
    const since = await lastOutboxId();
    const count = smtp.deliveries.length;
    expect((await flow.approve(admin, id, 50)).statusCode).toBe(409);
    expect((await flow.reject(admin, id, "No")).statusCode).toBe(409);
    await worker.runOnce();
    expect(await outboxAfter(since)).toEqual([]);
    expect(smtp.deliveries).toHaveLength(count);
  });
});

describe("a relay that refuses", () => {
  it("for a while gets every message once when it accepts again, with the retries recorded", async () => {
    expect([1, 2, 3, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
    await worker.runOnce();
    const since = await lastOutboxId();
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    await flow.apply(student, opportunity.id); // the student's receipt and the admin's new application
    smtp.state.deferNext = 3;

    await worker.runOnce();
    let rows = await outboxAfter(since);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.lastError).toContain("451");
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    }
    // Not due yet: nothing is tried.
    await worker.runOnce();
    expect((await outboxAfter(since)).map((row) => row.attempts)).toEqual([1, 1]);

    aheadMs += 31_000;
    await worker.runOnce(); // one more deferral, then the relay accepts
    aheadMs += 61_000;
    await worker.runOnce();
    rows = await outboxAfter(since);
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
    expect(rows.map((row) => row.attempts).sort()).toEqual([2, 3]);
    for (const row of rows) expect(deliveriesOf(row)).toHaveLength(1);
    expect(smtp.state.deferred).toBe(3);
  });

  it("for a day ends the message failed, with the relay's answer for the admins", async () => {
    await worker.runOnce();
    const since = await lastOutboxId();
    const student = await newActor(t.app, t.db);
    await flow.apply(student, (await insertOpportunity(t.db, admin.id)).id);
    smtp.state.refusing = true;
    try {
      const start = aheadMs;
      for (let pass = 0; pass < 60; pass++) {
        await worker.runOnce();
        const rows = await outboxAfter(since);
        if (rows.every((row) => row.status !== "pending")) break;
        aheadMs += 60 * 60_000 + 1_000;
      }
      const rows = await outboxAfter(since);
      expect(rows.map((row) => row.status)).toEqual(["failed", "failed"]);
      for (const row of rows) {
        expect(row.lastError).toContain("550");
        expect(row.attempts).toBeGreaterThan(20);
        expect(aheadMs - start).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS - 2 * 60 * 60_000);
      }
      const log = await flow.call(admin, "GET", "/api/admin/mail?status=failed&limit=10");
      expect(log.statusCode).toBe(200);
      expect(log.json().messages.map((message: { id: number }) => message.id)).toEqual(
        expect.arrayContaining(rows.map((row) => row.id)),
      );
    } finally {
      smtp.state.refusing = false;
    }
  });
});

describe("unsubscribe", () => {
  it("works from the message's own header without a session, and stops that category's mail", async () => {
    await worker.runOnce();
    const since = await lastOutboxId();
    const opportunity = await insertOpportunity(t.db, admin.id);
    const student = await newActor(t.app, t.db);
    const id = await flow.apply(student, opportunity.id);
    await worker.runOnce();
    const [receipt] = (await outboxAfter(since)).filter((row) => row.userId === student.id);
    const delivery = deliveriesOf(receipt as OutboxRow)[0] as Delivery;
    const header = headerOf(delivery.raw, "List-Unsubscribe") ?? "";
    const target = new URL(header.slice(1, -1));

    // A tampered token changes nothing.
    const tampered = `${target.searchParams.get("token")?.slice(0, -2)}xy`;
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/unsubscribe?${new URLSearchParams({ token: tampered })}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.com" },
    });
    expect(refused.statusCode).toBe(400);
    const page = await t.app.inject({
      method: "GET",
      url: `/unsubscribe?${new URLSearchParams({ token: tampered })}`,
    });
    expect(page.statusCode).toBe(400);
    const choices = () =>
      t.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, student.id));
    expect(await choices()).toEqual([]);

    // The confirmation page changes nothing either; it offers the button.
    const confirm = await t.app.inject({ method: "GET", url: `/unsubscribe${target.search}` });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers["content-type"]).toContain("text/html");
    expect(confirm.body).toContain(
      "You will no longer receive e-mails about <strong>My applications</strong>",
    );
    expect(confirm.body).toContain('<form method="post"');
    expect(confirm.body).not.toContain("<script");
    expect(await choices()).toEqual([]);

    // RFC 8058: the provider POSTs List-Unsubscribe=One-Click to the header's address, with no cookie.
    expect(target.origin).toBe(PUBLIC_URL);
    const oneClick = await t.app.inject({
      method: "POST",
      url: `${target.pathname}${target.search}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.com" },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ category: "applications", label: "My applications" });
    expect(await choices()).toMatchObject([{ category: "applications", email: false }]);
    const preferences = (await flow.call(student, "GET", "/api/notifications/preferences")).json();
    expect(preferences.categories).toContainEqual({
      category: "applications",
      label: "My applications",
      email: false,
    });

    // The next decision on the application is told in the app, but no longer by e-mail.
    const before = smtp.deliveries.filter((d) => d.recipients.includes(student.email)).length;
    expect((await flow.setStatus(admin, id, { status: "accepted" })).statusCode).toBe(200);
    await worker.runOnce();
    expect(smtp.deliveries.filter((d) => d.recipients.includes(student.email))).toHaveLength(before);
    const studentRows = await t.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, student.id), inArray(mailOutbox.kind, ["application_accepted"])));
    expect(studentRows).toEqual([]);

    // A form body anywhere else is still refused (JSON only).
    const form = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: "email=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.statusCode).toBe(415);
  });

  it("from the page's button, and never for security mail", async () => {
    const student = await newActor(t.app, t.db);
    const { createUnsubscribeToken } = await import("@server/mail/unsubscribe-token");
    const token = createUnsubscribeToken(TEST_APP_CONFIG.sessionSecret, student.id, "hours");
    const done = await t.app.inject({
      method: "POST",
      url: `/unsubscribe?${new URLSearchParams({ token })}`,
      payload: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    const security = createUnsubscribeToken(TEST_APP_CONFIG.sessionSecret, student.id, "security");
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/unsubscribe?${new URLSearchParams({ token: security })}`,
    });
    expect(refused.statusCode).toBe(400);
    const rows = await t.db
      .select({ category: notificationPreferences.category, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, student.id));
    expect(rows).toEqual([{ category: "hours", email: false }]);
  });
});

describe("without a mail server", () => {
  it("marks the mail not sent, and the admins read what would have gone", async () => {
    await worker.runOnce();
    const since = await lastOutboxId();
    const student = await newActor(t.app, t.db);
    await flow.apply(student, (await insertOpportunity(t.db, admin.id)).id);
    const offline = new DeliveryWorker({ db: t.db, mailer: undefined, site: SITE, secret: "x".repeat(32) });
    await offline.runOnce();
    const rows = await outboxAfter(since);
    expect(rows.map((row) => row.status)).toEqual(["not_sent", "not_sent"]);
    const log = await flow.call(admin, "GET", "/api/admin/mail?status=not_sent&limit=5");
    expect(log.json().mailConfigured).toBe(false);
    expect(Number(log.headers["x-total-count"])).toBeGreaterThanOrEqual(2);
    const receipt = rows.find((row) => row.userId === student.id) as OutboxRow;
    const message = (await flow.call(admin, "GET", `/api/admin/mail/${receipt.id}`)).json();
    expect(message).toMatchObject({
      id: receipt.id,
      to: student.email,
      status: "not_sent",
      subject: "Application received",
    });
    expect(message.text).toContain("Application received");
    expect(message.html).toContain("<html");
    expect((await flow.call(admin, "GET", "/api/admin/mail/99999999")).statusCode).toBe(404);
  });
});
