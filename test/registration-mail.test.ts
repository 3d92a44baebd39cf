// Registration with outgoing mail, against a real SMTP server on loopback (smtp-server, with authentication):
// the temporary password arrives by e-mail and signs in; a mail server that refuses, is not listening or never
// answers gets a 503 and leaves no account, and the same address registers once mail works again.
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "@server/app";
import type { DatabaseHandle } from "@server/db/client";
import { users } from "@server/db/schema";
import { createMailer } from "@server/mail/mailer";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signIn, TEST_APP_CONFIG } from "./app";
import { createTestDatabase } from "./db";
import { bodyText, portOf, SMTP_PASSWORD, smtpUrl, startSmtpServer } from "./smtp-peer";

const MAIL_FROM = "Seva Test <no-reply@iimb.ac.in>";
const MAIL_FAILED =
  "We could not send the e-mail with your temporary password, so no account was created. Please try again in a few minutes.";

const logDir = mkdtempSync(path.join(tmpdir(), "seva-registration-mail-"));
let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailed: { app: FastifyInstance; readLog: () => string };
const apps: FastifyInstance[] = [];

/** The real app on this file's database, mailing through the SMTP server at `port`, logging to its own file. */
async function buildMailingApp(port: number) {
  const logFile = path.join(logDir, `server-${apps.length}.log`);
  const app = await buildApp({
    db: database.db,
    config: { ...TEST_APP_CONFIG, logLevel: "info" },
    logger: logFile,
    mailer: createMailer({ smtpUrl: smtpUrl(port), from: MAIL_FROM }),
  });
  apps.push(app);
  await app.ready();
  return { app, readLog: () => readFileSync(logFile, "utf8") };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureBadgeCatalogue(database.db);
  smtp = await startSmtpServer();
  mailed = await buildMailingApp(smtp.port);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp?.close();
  await database?.close();
  rmSync(logDir, { recursive: true, force: true });
});

const register = (app: FastifyInstance, email: string) =>
  app.inject({
    method: "POST",
    url: "/api/register",
    payload: { email, firstName: "Meera", lastName: "Iyer", program: "PGP", role: "student" },
  });

async function findUser(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Registering through the working server succeeds: the retry after a failure. */
async function expectRegistersOnceMailWorks(email: string) {
  const sent = smtp.deliveries.length;
  const retry = await register(mailed.app, email);
  expect(retry.statusCode).toBe(201);
  expect(smtp.deliveries).toHaveLength(sent + 1);
  expect(await findUser(email)).toBeDefined();
}

describe("registration with outgoing mail configured", () => {
  it("e-mails the temporary password instead of answering it, and the mailed password signs in", async () => {
    const response = await register(mailed.app, "  Meera.Iyer@IIMB.ac.in ");
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message:
        "Account created. We have e-mailed your temporary password to meera.iyer@iimb.ac.in. Check your inbox (and your spam folder), then sign in with it.",
    });

    expect(smtp.deliveries).toHaveLength(1);
    const [delivery] = smtp.deliveries;
    expect(delivery?.mailFrom).toBe("no-reply@iimb.ac.in");
    expect(delivery?.recipients).toEqual(["meera.iyer@iimb.ac.in"]);
    expect(delivery?.raw).toMatch(/^From: Seva Test <no-reply@iimb\.ac\.in>\r$/m);
    expect(delivery?.raw).toMatch(/^To: meera\.iyer@iimb\.ac\.in\r$/m);
    expect(delivery?.raw).toMatch(/^Subject: Your Seva temporary password\r$/m);
    const text = bodyText(delivery?.raw ?? "");
    const password = /^ {4}([a-z2-9]{4}(?:-[a-z2-9]{4}){3})$/m.exec(text)?.[1];
    expect(password).toBeDefined();
    expect(text).toContain("choose your own password in Profile → Settings");
    // Nothing the registrant typed but the address: the name is not in the e-mail.
    expect(text).not.toContain("Meera");

    expect(await findUser("meera.iyer@iimb.ac.in")).toMatchObject({ role: "student" });
    await signIn(mailed.app, "meera.iyer@iimb.ac.in", password);
  });

  it("refuses an address that already has an account without e-mailing it", async () => {
    expect((await register(mailed.app, "twice@iimb.ac.in")).statusCode).toBe(201);
    const sent = smtp.deliveries.length;
    const again = await register(mailed.app, "TWICE@iimb.ac.in");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("An account with this e-mail address already exists");
    expect(smtp.deliveries).toHaveLength(sent);
  });

  it("answers 503 and creates nothing when the mail server refuses the message; the log names no secret", async () => {
    smtp.state.refusing = true;
    try {
      const response = await register(mailed.app, "refused@iimb.ac.in");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: MAIL_FAILED, code: "unavailable" });
      expect(await findUser("refused@iimb.ac.in")).toBeUndefined();
    } finally {
      smtp.state.refusing = false;
    }
    await vi.waitFor(() => expect(mailed.readLog()).toContain("registration e-mail not sent"));
    const log = mailed.readLog();
    expect(log).toContain("EENVELOPE");
    for (const secret of [SMTP_PASSWORD, encodeURIComponent(SMTP_PASSWORD), "refused@iimb.ac.in"]) {
      expect(log).not.toContain(secret);
    }
    await expectRegistersOnceMailWorks("refused@iimb.ac.in");
  });

  it("answers 503 and creates nothing when no mail server is listening", async () => {
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await buildMailingApp(port);

    const response = await register(unreachable.app, "unreachable@iimb.ac.in");
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(MAIL_FAILED);
    expect(await findUser("unreachable@iimb.ac.in")).toBeUndefined();
    await expectRegistersOnceMailWorks("unreachable@iimb.ac.in");
  });

  it("gives up on a mail server that accepts the connection but never answers, within seconds", async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
    try {
      const hanging = await buildMailingApp(portOf(silent));
      const started = Date.now();
      const response = await register(hanging.app, "silence@iimb.ac.in");
      expect(response.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(await findUser("silence@iimb.ac.in")).toBeUndefined();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    await expectRegistersOnceMailWorks("silence@iimb.ac.in");
  });
});
