// Builds the real application on a fresh real database for a test file, plus small helpers to act as users.

import { type BuildAppOptions, buildApp } from "@server/app";
import type { SsoConfig, TrustedProxies } from "@server/config";
import { ChangeTracker } from "@server/db/change-tracker";
import type { Database, DatabaseHandle } from "@server/db/client";
import { mailOutbox } from "@server/db/schema";
import { generateSigningKeyPem, signingKeyFromPem } from "@server/lib/signing-key";
import { createMailer } from "@server/mail/mailer";
import { createUser, type NewUser } from "@server/modules/auth/auth.service";
import { requestPasswordReset } from "@server/modules/auth/password-reset";
import type { AuthRateLimits } from "@server/modules/auth/sign-in-limits";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { createTestDatabase } from "./db";

export const TEST_DOMAIN = "iimb.ac.in";
export const TEST_PASSWORD = "a-good-test-password";

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The configuration every test app runs with (tests that build an app by hand start from it). */
export const TEST_APP_CONFIG = {
  sessionSecret: "test-session-secret-of-at-least-32-characters",
  allowedEmailDomains: [TEST_DOMAIN, "iimb.ernet.in"],
  trustProxy: false,
  termStartMonths: [1, 7],
  logLevel: "error",
  // Tests register students without a mail server, as the embedded demo does (REGISTRATION=unverified).
  registration: "unverified",
  // One key per test run, made here: certificates issued by a test app are signed and checked with it.
  certificateKey: signingKeyFromPem(generateSigningKeyPem()),
  // No institutional sign-in unless a test starts a provider (test/oidc-provider.ts).
  sso: undefined,
  passwordLogin: true,
} as const satisfies BuildAppOptions["config"];

export async function createTestApp(
  options: {
    rateLimits?: AuthRateLimits;
    /** Whose X-Forwarded-For to believe; inject's own address is 127.0.0.1. */
    trustProxy?: TrustedProxies;
    clientDir?: string;
    /** Writes the server's real log to this file at level "info" (test/log-audit.test.ts reads it). */
    logFile?: string;
    /**
     * Outgoing mail configured (password reset offered). Mail waits in the outbox: no delivery worker runs here,
     * so the mailer, aimed at a closed port, is never called (tests of delivery run a worker and an SMTP server).
     */
    mail?: boolean;
    /** The institution's sign-in, aimed at a provider the test started (test/oidc-provider.ts). */
    sso?: SsoConfig;
  } = {},
) {
  const database = await createTestDatabase();
  await ensureBadgeCatalogue(database.db);
  const changes = await ChangeTracker.start(database.changes);
  const app = await buildApp({
    db: database.db,
    config: {
      ...TEST_APP_CONFIG,
      trustProxy: options.trustProxy ?? false,
      logLevel: options.logFile ? "info" : "error",
      sso: options.sso,
    },
    rateLimits: options.rateLimits,
    clientDir: options.clientDir,
    // SEVA_TEST_LOG=/path/file.log keeps the server's error log of a test run.
    logger: options.logFile ?? process.env.SEVA_TEST_LOG ?? false,
    changes,
    mailer: options.mail
      ? createMailer({ smtpUrl: "smtp://127.0.0.1:9", from: `Seva <no-reply@${TEST_DOMAIN}>` })
      : undefined,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await changes.close();
      await database.close();
    },
  } satisfies TestContext;
}

let userCounter = 0;

/** Creates a user directly in the database (password TEST_PASSWORD unless given). */
export async function createTestUser(db: Database, overrides: Partial<NewUser> = {}) {
  userCounter += 1;
  return createUser(db, {
    email: `user${userCounter}.${Date.now()}@${TEST_DOMAIN}`,
    password: TEST_PASSWORD,
    firstName: "Test",
    lastName: `User${userCounter}`,
    program: "PGP",
    role: "student",
    ...overrides,
  });
}

/** Signs in through the API and returns the Cookie header to send as that user. */
export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}

export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** `app.inject` as a signed-in user. */
export function as(app: FastifyInstance, cookie: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, cookie } });
}

/** Asks for a reset link for the address and returns its secret, read from the e-mail waiting in the outbox. */
export async function resetLinkTokenFor(db: Database, email: string): Promise<string> {
  await requestPasswordReset(db, email);
  const [mail] = await db
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "password_reset"), eq(mailOutbox.toAddress, email)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const secret = mail?.data.secret;
  if (typeof secret !== "string") throw new Error(`no reset link was queued for ${email}`);
  return secret;
}
