// First run (ADR 0025): a new account's first session greets 'Welcome'; a password someone else set is asked
// about after each sign-in, skippable once (for that session), and changing it clears the question.
import { users } from "@server/db/schema";
import { as, createTestApp, createTestUser, signIn, TEST_PASSWORD, type TestContext } from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "./auth.service";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let counter = 0;
const freshEmail = () => `first.run${++counter}.${Date.now()}@iimb.ac.in`;

async function registerAccount(): Promise<{ email: string; password: string }> {
  const email = freshEmail();
  const response = await t.app.inject({
    method: "POST",
    url: "/api/register",
    payload: { email, firstName: "Tara", lastName: "Menon", program: "PGP" },
  });
  expect(response.statusCode).toBe(201);
  return { email, password: response.json().tempPassword };
}

const me = async (cookie: string) =>
  (await as(t.app, cookie, { method: "GET", url: "/api/auth/user" })).json();
const skip = (cookie: string) => as(t.app, cookie, { method: "POST", url: "/api/auth/password/skip" });

describe("first sign-in", () => {
  it("marks only the first session of a registered account as its first sign-in", async () => {
    const account = await registerAccount();
    const first = await signIn(t.app, account.email, account.password);
    expect((await me(first)).firstSignIn).toBe(true);
    // Still the first sign-in for as long as that session lives.
    expect((await me(first)).firstSignIn).toBe(true);
    const second = await signIn(t.app, account.email, account.password);
    expect((await me(second)).firstSignIn).toBe(false);
    expect((await me(first)).firstSignIn).toBe(true);
  });

  it("treats accounts not made by registration or create-admin (the demo, tests) as returning", async () => {
    const user = await createTestUser(t.db);
    expect((await me(await signIn(t.app, user.email))).firstSignIn).toBe(false);
  });

  it("greets an account made like create-admin makes one as new, and asks it for a new password", async () => {
    const email = freshEmail();
    await createUser(t.db, {
      email,
      password: TEST_PASSWORD,
      firstName: "Ravi",
      lastName: "Admin",
      role: "admin",
      passwordIsTemporary: true,
      awaitingFirstSignIn: true,
    });
    const user = await me(await signIn(t.app, email));
    expect(user).toMatchObject({ role: "admin", firstSignIn: true, passwordPrompt: "skippable" });
  });
});

describe("temporary password", () => {
  it("is flagged at registration and asked about, skippable once, then asked without a skip", async () => {
    const account = await registerAccount();
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.passwordIsTemporary).toBe(true);

    const first = await signIn(t.app, account.email, account.password);
    expect((await me(first)).passwordPrompt).toBe("skippable");
    const skipped = await skip(first);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().passwordPrompt).toBe("none");
    // The skip lasts for the session it was made in.
    expect((await me(first)).passwordPrompt).toBe("none");

    const second = await signIn(t.app, account.email, account.password);
    expect((await me(second)).passwordPrompt).toBe("required");
    const again = await skip(second);
    expect(again.statusCode).toBe(409);
    expect((await me(second)).passwordPrompt).toBe("required");
  });

  it("is cleared by changing the password, and a chosen password cannot be skipped", async () => {
    const account = await registerAccount();
    const cookie = await signIn(t.app, account.email, account.password);
    const changed = await as(t.app, cookie, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: account.password, newPassword: "my-own-password-42" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(cookie)).passwordPrompt).toBe("none");
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row).toMatchObject({ passwordIsTemporary: false, temporaryPasswordSkippedAt: null });
    expect((await skip(cookie)).statusCode).toBe(409);
    const later = await signIn(t.app, account.email, "my-own-password-42");
    expect((await me(later)).passwordPrompt).toBe("none");
  });

  it("is cleared after a skip too, when the password is changed in the required state", async () => {
    const account = await registerAccount();
    await skip(await signIn(t.app, account.email, account.password));
    const second = await signIn(t.app, account.email, account.password);
    expect((await me(second)).passwordPrompt).toBe("required");
    await as(t.app, second, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: account.password, newPassword: "my-own-password-43" },
    });
    expect((await me(second)).passwordPrompt).toBe("none");
  });

  it("is never asked of a user whose password is their own", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    expect((await me(cookie)).passwordPrompt).toBe("none");
    expect((await skip(cookie)).statusCode).toBe(409);
  });
});
