// Supervisor verification (docs/product-rules.md §10, ADR 0038) through the API on a real database, with the
// supervisor's e-mail delivered to a real SMTP server on loopback: the link from the e-mail checks and decides
// once; a forged, foreign or garbled link is refused and an expired one is gone; a dispute makes approval need a
// note; a confirmation within the opportunity's rule approves automatically through the one paying path, exactly
// once under two simultaneous confirmations; one reminder after 3 days; the student's resend once a day.
import { buildApp } from "@server/app";
import type { DatabaseHandle } from "@server/db/client";
import {
  applicationEvents,
  applications,
  coinLedger,
  hourSubmissions,
  mailOutbox,
  notifications,
} from "@server/db/schema";
import { createMailer } from "@server/mail/mailer";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import { DeliveryWorker } from "@server/modules/notifications/delivery-worker";
import { sendSupervisorReminders } from "@server/modules/notifications/scheduler";
import { TEST_APP_CONFIG } from "@test/app";
import { createTestDatabase } from "@test/db";
import { hoursBody } from "@test/hours-body";
import { type Delivery, headerOf, partsOf, smtpUrl, startSmtpServer } from "@test/smtp-peer";
import { type Actor, insertOpportunity, newActor, workflow } from "@test/workflow-helpers";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISPUTED_NEEDS_NOTE, SUPERVISOR_IS_STUDENT, SUPERVISOR_NEEDED } from "../hours/hours.service";
import { CONFIRMED_MESSAGE, DISPUTED_MESSAGE } from "./supervision.service";
import { createVerificationToken, LINK_EXPIRED, LINK_INVALID, verificationKeyOf } from "./verification-link";

const PUBLIC_URL = "https://seva.supervision.example";
const DAY_MS = 86_400_000;
const key = verificationKeyOf(TEST_APP_CONFIG.sessionSecret);

let database: DatabaseHandle;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: DeliveryWorker;
let admin: Actor;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureBadgeCatalogue(database.db);
  smtp = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: smtpUrl(smtp.port), from: "Seva <no-reply@iimb.ac.in>" });
  const site = { publicUrl: PUBLIC_URL, institutionName: "IIM Bangalore" };
  app = await buildApp({ db: database.db, config: TEST_APP_CONFIG, logger: false, mailer, site });
  await app.ready();
  worker = new DeliveryWorker({ db: database.db, mailer, site, secret: TEST_APP_CONFIG.sessionSecret });
  admin = await newActor(app, database.db, "admin");
  flow = workflow(app);
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

/**
 * Delivers what waits in the outbox and returns what the SMTP server received meanwhile for `to` (the student's
 * own notifications go out too).
 */
async function deliver(to?: string): Promise<Delivery[]> {
  const before = smtp.deliveries.length;
  await worker.runOnce();
  return smtp.deliveries.slice(before).filter((mail) => to === undefined || mail.recipients.includes(to));
}

function linkIn(delivery: Delivery | undefined): string {
  const { text, html } = partsOf(delivery?.raw ?? "");
  const match = new RegExp(`${PUBLIC_URL}/confirm-hours#token=([A-Za-z0-9_.-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no verification link in: ${text}`);
  expect(html).toContain(`${PUBLIC_URL}/confirm-hours#token=${match[1]}`);
  return match[1];
}

const check = (token: string) =>
  app.inject({ method: "POST", url: "/api/supervision/check", payload: { token } });
const decide = (token: string, decision: "confirm" | "dispute", reason?: string) =>
  app.inject({ method: "POST", url: "/api/supervision/decide", payload: { token, decision, reason } });

let supervisorCount = 0;
function supervisor() {
  supervisorCount += 1;
  return { name: `Anita Rao ${supervisorCount}`, email: `anita.rao${supervisorCount}@ngo.example` };
}

/** An accepted student on a supervisor-verified opportunity, who submits `hours`. */
async function submitted(hours: number, overrides: Parameters<typeof insertOpportunity>[2] = {}) {
  const boss = supervisor();
  const opportunity = await insertOpportunity(database.db, admin.id, {
    verification: "supervisor",
    supervisorName: boss.name,
    supervisorEmail: boss.email,
    coinsPerHour: 10,
    maxCoins: 500,
    ...overrides,
  });
  const student = await newActor(app, database.db);
  const applicationId = await flow.accepted(admin, student, opportunity.id);
  const response = await flow.submit(student, applicationId, hours);
  expect(response.statusCode, response.body).toBe(200);
  const [submission] = await database.db
    .select()
    .from(hourSubmissions)
    .where(eq(hourSubmissions.applicationId, applicationId));
  if (!submission) throw new Error("no submission");
  return { opportunity, student, applicationId, submission, boss };
}

async function eventsOf(applicationId: number) {
  return database.db
    .select({
      kind: applicationEvents.kind,
      actor: applicationEvents.actor,
      actorName: applicationEvents.actorName,
      coins: applicationEvents.coins,
      note: applicationEvents.note,
    })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, applicationId))
    .orderBy(asc(applicationEvents.at), asc(applicationEvents.id));
}

async function kindsTold(userId: number) {
  const rows = await database.db
    .select({ kind: notifications.kind, body: notifications.body })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
  return rows;
}

describe("the supervisor's link", () => {
  it("is e-mailed on submission, shows what it asks, confirms once and tells the student", async () => {
    await deliver();
    const { student, applicationId, submission, boss, opportunity } = await submitted(3);
    expect(submission).toMatchObject({
      verificationStatus: "pending",
      supervisorName: boss.name,
      supervisorEmail: boss.email,
      description: hoursBody(3).description,
    });
    expect(submission.verificationSentAt).not.toBeNull();

    const [mail, ...more] = await deliver(boss.email);
    expect(more).toEqual([]);
    expect(mail?.recipients).toEqual([boss.email]);
    const { text } = partsOf(mail?.raw ?? "");
    expect(text).toContain(`Hello ${boss.name},`);
    expect(text).toContain(opportunity.title);
    expect(text).toContain("Hours: 3 hours");
    expect(text).toContain(hoursBody(3).description);
    expect(text).toMatch(/Confirm or Dispute/);
    // A supervisor is not a user: nothing to unsubscribe from, and the outbox keeps no link once it is sent.
    expect(headerOf(mail?.raw ?? "", "List-Unsubscribe")).toBeUndefined();
    const token = linkIn(mail);
    const [row] = await database.db
      .select({ data: mailOutbox.data, userId: mailOutbox.userId, status: mailOutbox.status })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, boss.email), eq(mailOutbox.kind, "supervisor_request")));
    expect(row).toMatchObject({ userId: null, status: "sent" });
    expect(row && "secret" in row.data).toBe(false);

    const asked = await check(token);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      state: "open",
      opportunityTitle: opportunity.title,
      institution: "IIM Bangalore",
      supervisorName: boss.name,
      hours: 3,
      description: hoursBody(3).description,
      verifiedAt: null,
    });
    expect(asked.headers["cache-control"]).toBe("no-store");

    // The lists that embed the hours under review, read (and so cached) before the supervisor answers.
    const reviewQueue = `/api/admin/applications?status=hours_submitted&opportunityId=${opportunity.id}`;
    const verificationIn = async (actor: Actor, url: string) =>
      (await flow.call(actor, "GET", url))
        .json()
        .find((application: { id: number }) => application.id === applicationId)?.hoursUnderReview
        ?.verification.status;
    expect(await verificationIn(admin, reviewQueue)).toBe("pending");
    expect(await verificationIn(student, `/api/applications/user/${student.id}`)).toBe("pending");

    const confirmed = await decide(token, "confirm");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: CONFIRMED_MESSAGE });
    // The answer changes only the submission, and both lists show it at once.
    expect(await verificationIn(admin, reviewQueue)).toBe("confirmed");
    expect(await verificationIn(student, `/api/applications/user/${student.id}`)).toBe("confirmed");
    const again = await decide(token, "dispute", "Actually they left early");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^These hours were already confirmed on /);
    expect((await check(token)).json()).toMatchObject({ state: "confirmed" });

    const told = await kindsTold(student.id);
    expect(told.map((row) => row.kind)).toContain("hours_verified");
    expect(told.find((row) => row.kind === "hours_verified")?.body).toContain(`${boss.name} confirmed`);
    expect((await eventsOf(applicationId)).map((event) => [event.kind, event.actor])).toEqual([
      ["applied", "student"],
      ["accepted", "admin"],
      ["hours_submitted", "student"],
      ["verification_requested", "system"],
      ["verified", "supervisor"],
    ]);
    // No automatic rule on this opportunity: the hours still wait for an admin, shown as verified.
    const history = await flow.call(student, "GET", `/api/applications/${applicationId}/hours`);
    expect(history.json()[0]).toMatchObject({
      status: "pending",
      verification: { status: "confirmed", supervisorName: boss.name },
    });
  });

  it("disputes with a reason, and approving disputed hours then needs a note", async () => {
    const { student, applicationId, submission } = await submitted(5);
    const token = createVerificationToken(key, submission.id);
    const tooShort = await decide(token, "dispute", "no");
    expect(tooShort.statusCode).toBe(400);
    const disputed = await decide(token, "dispute", "They came for two hours, not five");
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toEqual({ message: DISPUTED_MESSAGE });
    expect((await check(token)).json()).toMatchObject({
      state: "disputed",
      disputeReason: "They came for two hours, not five",
    });
    expect((await kindsTold(student.id)).map((row) => row.kind)).toContain("hours_disputed");

    const bare = await flow.approve(admin, applicationId, 50);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: DISPUTED_NEEDS_NOTE,
      fieldErrors: { feedback: [DISPUTED_NEEDS_NOTE] },
    });
    const noted = await flow.approve(admin, applicationId, 50, "The sign-in sheet shows five hours");
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await decide(token, "confirm")).statusCode).toBe(409);
    const events = await eventsOf(applicationId);
    expect(events.map((event) => event.kind)).toEqual([
      "applied",
      "accepted",
      "hours_submitted",
      "verification_requested",
      "disputed",
      "hours_approved",
    ]);
    expect(events[4]).toMatchObject({ actor: "supervisor", note: "They came for two hours, not five" });
    expect(events[5]).toMatchObject({
      actor: "admin",
      coins: 50,
      note: "The sign-in sheet shows five hours",
    });
  });

  it("refuses a forged, foreign or garbled link, and says an expired one has expired", async () => {
    const { submission } = await submitted(2);
    const good = createVerificationToken(key, submission.id);
    const [id, expires, signature = ""] = good.split(".");
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    const forged = [
      `${id}.${expires}.${flipped}`,
      `${submission.id + 1}.${expires}.${signature}`,
      `${id}.${Number(expires) + 86_400}.${signature}`,
      createVerificationToken(verificationKeyOf("another-secret-of-at-least-32-characters!"), submission.id),
      "garbage",
      "1.2.3",
    ];
    for (const token of forged) {
      for (const response of [await check(token), await decide(token, "confirm")]) {
        expect(response.statusCode, token).toBe(400);
        expect(response.json().message).toBe(LINK_INVALID);
      }
    }
    const expired = createVerificationToken(key, submission.id, new Date(Date.now() - 15 * DAY_MS));
    for (const response of [await check(expired), await decide(expired, "confirm")]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(LINK_EXPIRED);
    }
    // Nothing was answered.
    expect((await check(good)).json()).toMatchObject({ state: "open" });
  });

  it("says closed once the school decided the hours before the supervisor answered", async () => {
    const { applicationId, submission } = await submitted(2);
    expect((await flow.reject(admin, applicationId, "Wrong opportunity")).statusCode).toBe(200);
    const token = createVerificationToken(key, submission.id);
    expect((await check(token)).json()).toMatchObject({ state: "closed" });
    const late = await decide(token, "confirm");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      "The school has already decided these hours: nothing more is needed from you",
    );
  });
});

describe("automatic approval", () => {
  it("pays a confirmation within the rule exactly once, even confirmed twice at the same moment", async () => {
    const { student, applicationId, submission } = await submitted(4, { autoApproveMaxHours: 5 });
    const token = createVerificationToken(key, submission.id);
    const answers = await Promise.all([decide(token, "confirm"), decide(token, "confirm")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

    const [after] = await database.db
      .select()
      .from(hourSubmissions)
      .where(eq(hourSubmissions.id, submission.id));
    expect(after).toMatchObject({
      status: "approved",
      autoApproved: true,
      reviewedBy: null,
      coinsAwarded: 40,
      verificationStatus: "confirmed",
    });
    const [application] = await database.db
      .select()
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(application).toMatchObject({ status: "hours_approved", hoursCompleted: 4, coinsAwarded: 40 });
    const ledger = await database.db
      .select({ amount: coinLedger.amount, awardedBy: coinLedger.awardedBy })
      .from(coinLedger)
      .where(eq(coinLedger.applicationId, applicationId));
    expect(ledger).toEqual([{ amount: 40, awardedBy: null }]);
    const events = await eventsOf(applicationId);
    expect(events.filter((event) => event.kind === "hours_approved")).toEqual([
      { kind: "hours_approved", actor: "system", actorName: null, coins: 40, note: null },
    ]);
    expect((await kindsTold(student.id)).filter((row) => row.kind === "hours_approved")).toHaveLength(1);
    expect(await findLedgerProblems(database.db)).toEqual([]);
    // Nothing is left for an admin to decide.
    expect((await flow.approve(admin, applicationId, 10)).statusCode).toBe(409);
  });

  it("leaves hours above the rule's limit to an admin", async () => {
    const { applicationId, submission } = await submitted(6, { autoApproveMaxHours: 5 });
    expect((await decide(createVerificationToken(key, submission.id), "confirm")).statusCode).toBe(200);
    const [application] = await database.db
      .select({ status: applications.status, coins: applications.coinsAwarded })
      .from(applications)
      .where(eq(applications.id, applicationId));
    expect(application).toEqual({ status: "hours_submitted", coins: 0 });
  });
});

describe("reminder and resend", () => {
  it("reminds the supervisor once, 3 days after the link was sent, with a new link", async () => {
    const { submission, boss } = await submitted(2);
    await deliver();
    const sentAt = submission.verificationSentAt ?? new Date();
    await sendSupervisorReminders(database.db, new Date(sentAt.getTime() + 2 * DAY_MS), key);
    expect(await deliver(boss.email)).toEqual([]);
    // Other tests' submissions wait too: the first pass after 3 days reminds them all, and no pass again.
    const later = new Date(sentAt.getTime() + 3 * DAY_MS + 60_000);
    expect(await sendSupervisorReminders(database.db, later, key)).toBeGreaterThanOrEqual(1);
    expect(await sendSupervisorReminders(database.db, later, key)).toBe(0);
    expect(await sendSupervisorReminders(database.db, new Date(later.getTime() + DAY_MS), key)).toBe(0);
    const reminders = await deliver(boss.email);
    expect(reminders).toHaveLength(1);
    expect(partsOf(reminders[0]?.raw ?? "").text).toContain("A reminder: please confirm these hours");
    const token = linkIn(reminders[0]);
    expect(token.split(".")[1]).not.toBe(createVerificationToken(key, submission.id, sentAt).split(".")[1]);
    expect((await check(token)).json()).toMatchObject({ state: "open" });
    const [row] = await database.db
      .select({ remindedAt: hourSubmissions.verificationRemindedAt })
      .from(hourSubmissions)
      .where(eq(hourSubmissions.id, submission.id));
    expect(row?.remindedAt?.getTime()).toBe(later.getTime());
  });

  it("lets the student resend the link at most once a day, and nobody else", async () => {
    const { student, applicationId, submission, boss } = await submitted(2);
    await deliver();
    const resend = (actor: Actor) =>
      flow.call(actor, "POST", `/api/applications/${applicationId}/hours/resend-verification`);
    const tooSoon = await resend(student);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(
      /^A link was sent less than a day ago: you can send a new one from /,
    );
    const stranger = await newActor(app, database.db);
    expect((await resend(stranger)).statusCode).toBe(403);

    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await database.db
      .update(hourSubmissions)
      .set({ verificationSentAt: dayAgo })
      .where(eq(hourSubmissions.id, submission.id));
    const sent = await resend(student);
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail, ...more] = await deliver(boss.email);
    expect(more).toEqual([]);
    expect((await check(linkIn(mail))).json()).toMatchObject({ state: "open" });
    const [row] = await database.db
      .select({ sentAt: hourSubmissions.verificationSentAt })
      .from(hourSubmissions)
      .where(eq(hourSubmissions.id, submission.id));
    expect(row?.sentAt?.getTime()).toBeGreaterThan(dayAgo.getTime());
    expect((await resend(student)).statusCode).toBe(429);

    // Once the supervisor answered there is nothing to resend.
    expect((await decide(linkIn(mail), "confirm")).statusCode).toBe(200);
    await database.db
      .update(hourSubmissions)
      .set({ verificationSentAt: dayAgo })
      .where(eq(hourSubmissions.id, submission.id));
    expect((await resend(student)).statusCode).toBe(409);
  });
});

describe("the supervisor a student names", () => {
  it("is required when the opportunity has no address, never the student, and is the one asked", async () => {
    const opportunity = await insertOpportunity(database.db, admin.id, {
      verification: "supervisor",
      studentNamesSupervisor: true,
    });
    const student = await newActor(app, database.db);
    const applicationId = await flow.accepted(admin, student, opportunity.id);
    const url = `/api/applications/${applicationId}/submit-hours`;
    const none = await flow.call(student, "PATCH", url, hoursBody(2));
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toEqual({ supervisorEmail: [SUPERVISOR_NEEDED] });
    const self = await flow.call(
      student,
      "PATCH",
      url,
      hoursBody(2, { supervisorName: "Me Myself", supervisorEmail: student.email.toUpperCase() }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().fieldErrors).toEqual({ supervisorEmail: [SUPERVISOR_IS_STUDENT] });
    const named = await flow.call(
      student,
      "PATCH",
      url,
      hoursBody(2, { supervisorName: "Ravi Kumar", supervisorEmail: "ravi.kumar@school.example" }),
    );
    expect(named.statusCode, named.body).toBe(200);
    // Before it is sent, the admins' mail log shows the message without its link.
    const [queued] = await database.db
      .select({ id: mailOutbox.id, data: mailOutbox.data })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "ravi.kumar@school.example"));
    expect(typeof queued?.data.secret).toBe("string");
    const logged = await flow.call(admin, "GET", `/api/admin/mail/${queued?.id}`);
    expect(logged.statusCode, logged.body).toBe(200);
    expect(logged.json().text).toContain("The link itself is (withheld");
    expect(logged.json().text).not.toContain(String(queued?.data.secret));
    expect(logged.json().html).not.toContain("#token=");
    const [mail, ...more] = await deliver("ravi.kumar@school.example");
    expect(more).toEqual([]);
    expect(partsOf(mail?.raw ?? "").text).toContain("Hello Ravi Kumar,");
  });
});

describe("an opportunity's verification settings", () => {
  const base = async () => {
    const opportunity = await insertOpportunity(database.db, admin.id);
    const current = (await flow.call(admin, "GET", `/api/opportunities/${opportunity.id}`)).json();
    return { id: opportunity.id, current };
  };

  it("refuses supervisor verification with nobody to ask, and automatic approval without verification", async () => {
    const { id, current } = await base();
    const put = (changes: object) =>
      flow.call(admin, "PUT", `/api/opportunities/${id}`, { ...current, ...changes });
    const nobody = await put({
      verification: "supervisor",
      supervisorEmail: null,
      studentNamesSupervisor: false,
    });
    expect(nobody.statusCode).toBe(400);
    expect(Object.keys(nobody.json().fieldErrors)).toEqual(["supervisorEmail"]);
    const unverified = await put({ verification: "none", autoApproveMaxHours: 4 });
    expect(unverified.statusCode).toBe(400);
    expect(Object.keys(unverified.json().fieldErrors)).toEqual(["autoApproveMaxHours"]);
    const fine = await put({
      verification: "supervisor",
      supervisorName: "Anita Rao",
      supervisorEmail: "anita@ngo.example",
      autoApproveMaxHours: 4,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject({ verification: "supervisor", autoApproveMaxHours: 4 });
  });
});
