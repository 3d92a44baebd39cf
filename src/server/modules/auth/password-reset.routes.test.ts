// 'Forgot password?' and the registration modes (docs/product-rules.md §9, ADR 0033), through the API on a real
// database: the request answers alike for every address and is limited per address and per network; a link works
// once, for 30 minutes, and only the newest; using it sets the password, ends every session and tells the owner;
// no secret is readable in the admins' mail log. Delivery through a real SMTP server: test/account-mail.test.ts.
import { buildApp } from "@server/app";
import { mailOutbox, notifications, passwordResets, users } from "@server/db/schema";
import { DEFAULT_AUTH_RATE_LIMITS } from "@server/modules/auth/sign-in-limits";
import type { NotificationKind } from "@shared/domain/notifications";
import {
  as,
  createTestApp,
  createTestUser,
  resetLinkTokenFor,
  signIn,
  TEST_APP_CONFIG,
  TEST_PASSWORD,
  type TestContext,
} from "@test/app";
import { createTestDatabase } from "@test/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "./password-reset";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    mail: true,
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      resetRequestsPerEmail: { max: 3, windowMs: 60_000 },
      resetRequestsPerIp: { max: 1_000, windowMs: 60_000 },
    },
  });
});
afterAll(() => t?.close());

const post = (url: string, payload: object, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url, payload, remoteAddress });

const forgot = (email: string, remoteAddress?: string) =>
  post("/api/auth/forgot-password", { email }, remoteAddress);

async function outboxOf(email: string, kind: NotificationKind) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)));
}

describe("asking for a reset link", () => {
  it("answers the same for an address with an account and one without, and e-mails only the account", async () => {
    const owner = await createTestUser(t.db);
    const known = await forgot(owner.email, "10.1.0.1");
    const unknown = await forgot("nobody.here@iimb.ac.in", "10.1.0.2");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_REQUESTED });

    const [mail, ...more] = await outboxOf(owner.email, "password_reset");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      category: "security",
      subject: "Reset your Seva password",
      status: "pending",
    });
    expect(await outboxOf("nobody.here@iimb.ac.in", "password_reset")).toEqual([]);
    // Only a hash of the link's secret is stored.
    const [stored] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, owner.id));
    expect(stored?.tokenHash).not.toContain(String(mail?.data.secret));
  });

  it("limits requests per address, for addresses with and without an account alike", async () => {
    const owner = await createTestUser(t.db);
    const statuses = async (email: string) => {
      const answers = [];
      for (let n = 0; n < 4; n++) answers.push((await forgot(email, `10.2.0.${n + 1}`)).statusCode);
      return answers;
    };
    expect(await statuses(owner.email)).toEqual([200, 200, 200, 429]);
    expect(await statuses("nobody.else@iimb.ac.in")).toEqual([200, 200, 200, 429]);
    expect(await outboxOf(owner.email, "password_reset")).toHaveLength(3);
  });

  it("limits requests per network address over every account", async () => {
    const app = await createTestApp({
      mail: true,
      rateLimits: {
        ...DEFAULT_AUTH_RATE_LIMITS,
        resetRequestsPerIp: { max: 2, windowMs: 60_000 },
      },
    });
    try {
      const answers = [];
      for (const name of ["a", "b", "c"]) {
        const response = await app.app.inject({
          method: "POST",
          url: "/api/auth/forgot-password",
          payload: { email: `${name}@iimb.ac.in` },
          remoteAddress: "10.3.0.1",
        });
        answers.push(response.statusCode);
      }
      expect(answers).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it("refuses a malformed address with a 400 and writes nothing", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    const response = await forgot("not-an-address");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.email).toEqual(["Enter a valid e-mail address"]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)).toEqual(before);
  });
});

describe("using a reset link", () => {
  it("sets the new password, ends every session of the account and tells its owner", async () => {
    const owner = await createTestUser(t.db);
    const laptop = await signIn(t.app, owner.email);
    const phone = await signIn(t.app, owner.email);
    const token = await resetLinkTokenFor(t.db, owner.email);

    const checked = await post("/api/auth/reset-password/check", { token });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: owner.email });

    const reset = await post("/api/auth/reset-password", { token, newPassword: "my-new-password-2026" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe("Your password has been changed. Sign in with your new password.");

    for (const cookie of [laptop, phone]) {
      expect((await as(t.app, cookie, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    }
    const oldPassword = await post("/api/login", { email: owner.email, password: TEST_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    await signIn(t.app, owner.email, "my-new-password-2026");

    const told = await t.db
      .select({ title: notifications.title, category: notifications.category })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, "password_changed")));
    expect(told).toEqual([{ title: "Your password was changed", category: "security" }]);
    expect(await outboxOf(owner.email, "password_changed")).toHaveLength(1);
  });

  it("works once: a second use and a later check are refused", async () => {
    const owner = await createTestUser(t.db);
    const token = await resetLinkTokenFor(t.db, owner.email);
    const first = await post("/api/auth/reset-password", { token, newPassword: "first-new-password" });
    expect(first.statusCode).toBe(200);
    const again = await post("/api/auth/reset-password", { token, newPassword: "second-new-password" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID);
    expect((await post("/api/auth/reset-password/check", { token })).statusCode).toBe(400);
    await signIn(t.app, owner.email, "first-new-password");
  });

  it("works once even when used twice at the same moment", async () => {
    const owner = await createTestUser(t.db);
    const token = await resetLinkTokenFor(t.db, owner.email);
    const answers = await Promise.all(
      ["racing-password-one", "racing-password-two"].map((newPassword) =>
        post("/api/auth/reset-password", { token, newPassword }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it("refuses a link replaced by a newer request, and accepts the newer one", async () => {
    const owner = await createTestUser(t.db);
    const older = await resetLinkTokenFor(t.db, owner.email);
    const newer = await resetLinkTokenFor(t.db, owner.email);
    expect(newer).not.toBe(older);
    const refused = await post("/api/auth/reset-password", {
      token: older,
      newPassword: "never-set-password",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(RESET_LINK_INVALID);
    const accepted = await post("/api/auth/reset-password", { token: newer, newPassword: "newest-password" });
    expect(accepted.statusCode).toBe(200);
  });

  it("refuses a link older than 30 minutes, leaving the password as it was", async () => {
    const owner = await createTestUser(t.db);
    const token = await resetLinkTokenFor(t.db, owner.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, owner.id));
    expect((await post("/api/auth/reset-password/check", { token })).statusCode).toBe(400);
    const refused = await post("/api/auth/reset-password", { token, newPassword: "too-late-password" });
    expect(refused.statusCode).toBe(400);
    await signIn(t.app, owner.email, TEST_PASSWORD);
  });

  it("refuses a short password with the field's message and keeps the link usable", async () => {
    const owner = await createTestUser(t.db);
    const token = await resetLinkTokenFor(t.db, owner.email);
    const short = await post("/api/auth/reset-password", { token, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors.newPassword).toEqual(["At least 10 characters"]);
    expect((await post("/api/auth/reset-password/check", { token })).statusCode).toBe(200);
  });

  it("refuses a made-up link with the same message as a used one", async () => {
    const response = await post("/api/auth/reset-password/check", { token: "A".repeat(43) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(RESET_LINK_INVALID);
  });

  it("is no longer valid once the owner chooses a password in Profile → Settings", async () => {
    const owner = await createTestUser(t.db);
    const token = await resetLinkTokenFor(t.db, owner.email);
    const cookie = await signIn(t.app, owner.email);
    const changed = await as(t.app, cookie, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "chosen-in-settings" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post("/api/auth/reset-password/check", { token })).statusCode).toBe(400);
    expect(await outboxOf(owner.email, "password_changed")).toHaveLength(1);
  });

  it("keeps the link out of the admins' mail log", async () => {
    const owner = await createTestUser(t.db);
    const token = await resetLinkTokenFor(t.db, owner.email);
    const admin = await createTestUser(t.db, { role: "admin" });
    const cookie = await signIn(t.app, admin.email);
    const [mail] = await outboxOf(owner.email, "password_reset");
    const shown = await as(t.app, cookie, { method: "GET", url: `/api/admin/mail/${mail?.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toContain(token);
    expect(shown.json().text).toContain("only the recipient ever sees it");
  });
});

describe("the sign-in options and registration modes", () => {
  it("say how this server registers people and whether it resets passwords", async () => {
    const options = await t.app.inject({ method: "GET", url: "/api/auth/options" });
    expect(options.json()).toEqual({
      registration: "unverified",
      passwordReset: true,
      passwordLogin: true,
      sso: null,
      emailDomains: ["iimb.ac.in", "iimb.ernet.in"],
    });
  });

  it("refuse registration on a closed server, creating nothing, and offer no reset without mail", async () => {
    const database = await createTestDatabase();
    const app = await buildApp({
      db: database.db,
      config: { ...TEST_APP_CONFIG, registration: "closed" },
      logger: false,
    });
    try {
      const response = await app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "closed.door@iimb.ac.in", firstName: "C", lastName: "D", program: "PGP" },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        "Registration is closed on this server. Ask an administrator for an account.",
      );
      expect(await database.db.select().from(users)).toEqual([]);
      const options = await app.inject({ method: "GET", url: "/api/auth/options" });
      expect(options.json()).toEqual({
        registration: "closed",
        passwordReset: false,
        passwordLogin: true,
        sso: null,
        emailDomains: ["iimb.ac.in", "iimb.ernet.in"],
      });
      const reset = await app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: "closed.door@iimb.ac.in" },
      });
      expect(reset.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
