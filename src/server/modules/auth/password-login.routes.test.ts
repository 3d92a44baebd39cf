// PASSWORD_LOGIN=false (docs/product-rules.md §13, ADR 0041), through the API on a real database: passwords sign
// in only the break-glass accounts made by create-admin; everyone else is sent to the institution's sign-in, and
// only after the password proved right, so a wrong password answers alike for every account. Registration,
// password reset and password change are refused with answers that say where to sign in. No provider runs here:
// none of these routes talks to it.
import type { SsoConfig } from "@server/config";
import { mailOutbox, passwordResets, users } from "@server/db/schema";
import { createSession } from "@server/sessions/session-store";
import { SSO_CALLBACK_PATH } from "@shared/domain/sso";
import { as, createTestApp, createTestUser, signIn, TEST_PASSWORD, type TestContext } from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SSO: SsoConfig = {
  issuer: "https://sso.iimb.ac.in",
  clientId: "seva",
  clientSecret: "a-client-secret-nobody-uses-here",
  displayName: "Microsoft",
  adminGroup: undefined,
  groupsClaim: "groups",
  redirectUri: `http://localhost:3000${SSO_CALLBACK_PATH}`,
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ passwordLogin: false, sso: SSO, mail: true });
});
afterAll(() => t?.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });

/** A session made as the institution's sign-in makes one (it never asks for a password). */
async function sessionCookieOf(userId: number): Promise<string> {
  const { token } = await createSession(t.db, userId, { firstSignIn: false });
  return `seva.sid=${encodeURIComponent(t.app.signCookie(token))}`;
}

describe("signing in with a password when passwords are off", () => {
  it("refuses a student whose password is right with 403, naming the institution's sign-in, and starts no session", async () => {
    const student = await createTestUser(t.db);
    const response = await login(student.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Password sign-in is turned off here. Sign in with Microsoft.");
    expect(response.cookies.find((cookie) => cookie.name === "seva.sid")).toBeUndefined();
  });

  it("answers a wrong password and an unknown address with the same 401, for break-glass accounts and others alike", async () => {
    const student = await createTestUser(t.db);
    const admin = await createTestUser(t.db, { role: "admin", breakGlass: true });
    for (const email of [student.email, admin.email, "nobody.here@iimb.ac.in"]) {
      const response = await login(email, "not-the-password-at-all");
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Invalid credentials");
    }
  });

  it("refuses an administrator who is not break-glass (promoted, or made by the provider's group)", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    const response = await login(admin.email, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
  });

  it("signs in a break-glass administrator as before", async () => {
    const admin = await createTestUser(t.db, { role: "admin", breakGlass: true });
    const cookie = await signIn(t.app, admin.email);
    const me = await as(t.app, cookie, { method: "GET", url: "/api/auth/user" });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: admin.email, role: "admin" });
  });
});

describe("what else passwords did, when they are off", () => {
  it("tells the sign-in page: no passwords, no reset even with mail, registration closed, the provider's name", async () => {
    const options = await t.app.inject({ method: "GET", url: "/api/auth/options" });
    expect(options.json()).toEqual({
      registration: "closed",
      passwordReset: false,
      passwordLogin: false,
      sso: { name: "Microsoft" },
      emailDomains: ["iimb.ac.in", "iimb.ernet.in"],
    });
  });

  it("refuses registration, saying accounts come from the institution's sign-in, and creates nothing", async () => {
    const email = "would.be.new@iimb.ac.in";
    const response = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { email, firstName: "Would", lastName: "Be", program: "PGP" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("Accounts are made when you first sign in with Microsoft.");
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it("refuses a reset link to everyone, break-glass or not, and queues no mail", async () => {
    const student = await createTestUser(t.db);
    const admin = await createTestUser(t.db, { role: "admin", breakGlass: true });
    const message =
      "Password reset is turned off here. Sign in with Microsoft. An administrator who signs in with a password and has lost it asks whoever runs the server for a new account (npm run create-admin).";
    for (const email of [student.email, admin.email, "nobody.here@iimb.ac.in"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(message);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toEqual([]);
    }
    expect(await t.db.select().from(passwordResets)).toEqual([]);
  });

  it("refuses a reset link sent before passwords were turned off: checking it and using it", async () => {
    const student = await createTestUser(t.db);
    const [before] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, student.id));
    const token = "a".repeat(43);
    for (const [url, payload] of [
      ["/api/auth/reset-password/check", { token }],
      ["/api/auth/reset-password", { token, newPassword: "a-brand-new-password" }],
    ] as const) {
      const response = await t.app.inject({ method: "POST", url, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toMatch(/^Password reset is turned off here\./);
    }
    const [after] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, student.id));
    expect(after?.hash).toBe(before?.hash);
  });

  it("refuses a password change to a student signed in by the institution, and leaves the password", async () => {
    const student = await createTestUser(t.db);
    const cookie = await sessionCookieOf(student.id);
    const response = await as(t.app, cookie, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a-brand-new-password" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "Passwords are turned off here: you sign in with Microsoft, which is where your password is changed.",
    );
    expect((await login(student.email, "a-brand-new-password")).statusCode).toBe(401);
  });

  it("lets a break-glass administrator change their password, which then signs them in", async () => {
    const admin = await createTestUser(t.db, { role: "admin", breakGlass: true });
    const cookie = await signIn(t.app, admin.email);
    const response = await as(t.app, cookie, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: TEST_PASSWORD, newPassword: "a-brand-new-password" },
    });
    expect(response.statusCode).toBe(200);
    expect((await login(admin.email, "a-brand-new-password")).statusCode).toBe(200);
  });

  it("asks no student to replace a temporary password they cannot change, and still asks a break-glass admin", async () => {
    const student = await createTestUser(t.db, { passwordIsTemporary: true });
    const me = await as(t.app, await sessionCookieOf(student.id), { method: "GET", url: "/api/auth/user" });
    // Settings offers no password change either: it would be refused.
    expect(me.json()).toMatchObject({ passwordPrompt: "none", interestsPrompt: true, passwordChange: false });
    const admin = await createTestUser(t.db, { role: "admin", breakGlass: true, passwordIsTemporary: true });
    const adminMe = await as(t.app, await signIn(t.app, admin.email), {
      method: "GET",
      url: "/api/auth/user",
    });
    expect(adminMe.json()).toMatchObject({ passwordPrompt: "skippable", passwordChange: true });
  });
});
