// Account mail against a real SMTP server on loopback (docs/product-rules.md §9, ADR 0033): with mail configured,
// registration e-mails the temporary password, which signs in, and a taken address answers exactly like a free
// one while its owner is told; a password reset goes end to end through the e-mailed link; once sent, the outbox
// keeps no password or link. Delivery is the outbox worker's, as in production.
import { buildApp } from "@server/app";
import type { DatabaseHandle } from "@server/db/client";
import { mailOutbox, users } from "@server/db/schema";
import { createMailer } from "@server/mail/mailer";
import { registrationMailedMessage } from "@server/modules/auth/auth.routes";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { DeliveryWorker } from "@server/modules/notifications/delivery-worker";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestUser, signIn, TEST_APP_CONFIG } from "./app";
import { createTestDatabase } from "./db";
import { type Delivery, headerOf, partsOf, smtpUrl, startSmtpServer } from "./smtp-peer";

const PUBLIC_URL = "https://seva.account-mail.example";
const MAIL_FROM = '"Seva · IIM Bangalore" <no-reply@iimb.ac.in>';
const TEMPORARY_PASSWORD = /\b[a-z2-9]{4}(?:-[a-z2-9]{4}){3}\b/;

let database: DatabaseHandle;
let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: DeliveryWorker;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureBadgeCatalogue(database.db);
  smtp = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: smtpUrl(smtp.port), from: MAIL_FROM });
  const site = { publicUrl: PUBLIC_URL, institutionName: "IIM Bangalore" };
  app = await buildApp({
    db: database.db,
    config: { ...TEST_APP_CONFIG, registration: "email" },
    logger: false,
    mailer,
    site,
  });
  await app.ready();
  worker = new DeliveryWorker({ db: database.db, mailer, site, secret: TEST_APP_CONFIG.sessionSecret });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
  await database?.close();
});

const register = (email: string, firstName = "Meera") =>
  app.inject({
    method: "POST",
    url: "/api/register",
    payload: { email, firstName, lastName: "Iyer", program: "PGP", role: "student" },
  });

/** Delivers what waits in the outbox and returns the messages the SMTP server received meanwhile. */
async function deliver(): Promise<Delivery[]> {
  const before = smtp.deliveries.length;
  await worker.runOnce();
  return smtp.deliveries.slice(before);
}

const textOf = (delivery: Delivery | undefined) => partsOf(delivery?.raw ?? "").text;

async function secretsLeftInOutbox(email: string) {
  const rows = await database.db
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
  return rows.filter((row) => "secret" in row.data);
}

describe("registration with mail configured", () => {
  it("e-mails the temporary password, which signs in, and keeps no copy once it is sent", async () => {
    const email = "meera.iyer@iimb.ac.in";
    const response = await register(email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: registrationMailedMessage(email) });

    const [mail, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(mail?.recipients).toEqual([email]);
    expect(headerOf(mail?.raw ?? "", "Subject")).toBe("Your Seva temporary password");
    const password = TEMPORARY_PASSWORD.exec(textOf(mail))?.[0];
    expect(password).toBeDefined();
    await signIn(app, email, password);
    expect(await secretsLeftInOutbox(email)).toEqual([]);
  });

  it("answers a taken address exactly like a free one, and tells its owner instead, once an hour", async () => {
    const owner = await createTestUser(database.db);
    const free = await register("brand.new.person@iimb.ac.in", "Mallory");
    const taken = await register(owner.email, "Mallory");
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().message).toBe(registrationMailedMessage(owner.email));
    expect(Object.keys(taken.json())).toEqual(Object.keys(free.json()));
    expect(await database.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);

    const mails = await deliver();
    const toOwner = mails.filter((mail) => mail.recipients.includes(owner.email));
    expect(toOwner).toHaveLength(1);
    expect(headerOf(toOwner[0]?.raw ?? "", "Subject")).toBe("Someone tried to register with your address");
    const text = textOf(toOwner[0]);
    expect(text).toContain(`${PUBLIC_URL}/forgot-password`);
    // Nothing the registrant typed but the address reaches its owner.
    expect(text).not.toContain("Mallory");

    expect((await register(owner.email, "Mallory")).statusCode).toBe(201);
    expect((await deliver()).filter((mail) => mail.recipients.includes(owner.email))).toEqual([]);
  });
});

describe("password reset through the e-mailed link", () => {
  it("resets the password, ends every session and refuses the link a second time", async () => {
    const owner = await createTestUser(database.db);
    const session = await signIn(app, owner.email);
    const asked = await app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: owner.email },
    });
    expect(asked.statusCode).toBe(200);

    const [mail, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(mail?.recipients).toEqual([owner.email]);
    const { text, html } = partsOf(mail?.raw ?? "");
    const link = new RegExp(`${PUBLIC_URL}/reset-password#token=([A-Za-z0-9_-]{43})`).exec(text);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? "";
    expect(html).toContain(`${PUBLIC_URL}/reset-password#token=${token}`);
    // Security mail has no unsubscribe.
    expect(headerOf(mail?.raw ?? "", "List-Unsubscribe")).toBeUndefined();
    // Sent: the outbox row no longer holds the link.
    expect(await secretsLeftInOutbox(owner.email)).toEqual([]);

    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "reset-by-mail-2026" },
    });
    expect(reset.statusCode).toBe(200);
    expect((await as(app, session, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    await signIn(app, owner.email, "reset-by-mail-2026");
    const reused = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "another-password-again" },
    });
    expect(reused.statusCode).toBe(400);

    const [changed] = await deliver();
    expect(changed?.recipients).toEqual([owner.email]);
    expect(headerOf(changed?.raw ?? "", "Subject")).toBe("Your password was changed");
  });
});
