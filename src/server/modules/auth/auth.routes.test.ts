import { sessions, users } from "@server/db/schema";
import {
  as,
  cookieHeader,
  createTestApp,
  createTestUser,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from "@test/app";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/register", payload: payload as object, headers });

async function findUser(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe("POST /api/register", () => {
  it("creates a student with a random temporary password, even when the body asks for admin", async () => {
    const response = await register({
      email: "  Neha.Sharma@IIMB.ac.in ",
      firstName: "Neha",
      lastName: "Sharma",
      program: "PGP",
      role: "admin",
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.tempPassword).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(body.tempPassword.toLowerCase()).not.toContain("neha");
    expect(body.message).toContain(body.tempPassword);
    const user = await findUser("neha.sharma@iimb.ac.in");
    expect(user?.role).toBe("student");
    expect(user?.passwordHash.startsWith("$argon2id$")).toBe(true);
    await signIn(t.app, "neha.sharma@iimb.ac.in", body.tempPassword);
  });

  it("refuses a non-institutional e-mail with a clear message and creates nothing", async () => {
    const response = await register({
      email: "neha@gmail.com",
      firstName: "N",
      lastName: "S",
      program: "PGP",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "Registration is open to institutional e-mail addresses only (iimb.ac.in, iimb.ernet.in).",
    );
    expect(response.json().fieldErrors.email).toHaveLength(1);
    expect(await findUser("neha@gmail.com")).toBeUndefined();
  });

  it("refuses a second account for the same address, whatever its case", async () => {
    const first = await register({ email: "dup@iimb.ac.in", firstName: "A", lastName: "B", program: "PhD" });
    expect(first.statusCode).toBe(201);
    const second = await register({ email: "DUP@iimb.ac.in", firstName: "A", lastName: "B", program: "PhD" });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("An account with this e-mail address already exists");
  });

  it.each([
    [{}, ["email", "firstName", "lastName", "program"]],
    [{ email: "x@iimb.ac.in", firstName: "", lastName: "B", program: "PGP" }, ["firstName"]],
    [{ email: "x@iimb.ac.in", firstName: "A", lastName: "B", program: "MBA" }, ["program"]],
    [{ email: "not-an-email", firstName: "A", lastName: "B", program: "PGP" }, ["email"]],
    [{ email: "x@iimb.ac.in", firstName: "A".repeat(101), lastName: "B", program: "PGP" }, ["firstName"]],
    [
      { email: 42, firstName: ["A"], lastName: { b: 1 }, program: null },
      ["email", "firstName", "lastName", "program"],
    ],
  ])("answers 400 with field errors for %j", async (payload, fields) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors).sort()).toEqual([...fields].sort());
  });
});

describe("POST /api/login and the session", () => {
  it("signs in, sets a safe cookie and serves the current user without secrets", async () => {
    const user = await createTestUser(t.db, { firstName: "Asha" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: user.id, firstName: "Asha", lastName: user.lastName, role: "student" },
      message: "Login successful",
    });
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);

    const me = await as(t.app, cookieHeader(response), { method: "GET", url: "/api/auth/user" });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email, role: "student", coins: 0 });
    expect(me.body).not.toContain("argon2");
    expect(me.json()).not.toHaveProperty("passwordHash");
  });

  it("gives one message for an unknown e-mail and a wrong password", async () => {
    const user = await createTestUser(t.db);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "nobody@iimb.ac.in", password: TEST_PASSWORD },
    });
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: "wrong-password" },
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().message).toBe("Invalid credentials");
  });

  it("answers 401 Unauthorized without a session or with a forged cookie", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe("Unauthorized");
    const forged = await as(t.app, "seva.sid=abc.def", { method: "GET", url: "/api/auth/user" });
    expect(forged.statusCode).toBe(401);
  });

  it("never adopts a session id the browser brought (no fixation) and logout destroys the session", async () => {
    const user = await createTestUser(t.db);
    const first = await signIn(t.app, user.email);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: first },
    });
    const secondCookie = cookieHeader(second);
    expect(secondCookie).not.toBe(first);
    expect((await as(t.app, first, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    expect((await as(t.app, secondCookie, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);

    const logout = await as(t.app, secondCookie, { method: "POST", url: "/api/logout" });
    expect(logout.statusCode).toBe(200);
    expect((await as(t.app, secondCookie, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("stores only a hash of the session token", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const token = decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(token.length).toBeGreaterThan(30);
    expect(rows[0]?.sid).not.toBe(token);
  });
});

describe("profile and password", () => {
  it("updates name, program and anonymity but never role or coins", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const response = await as(t.app, cookie, {
      method: "PATCH",
      url: "/api/auth/user",
      payload: {
        firstName: " Kavya ",
        program: "PhD",
        anonymizeLeaderboard: true,
        role: "admin",
        coins: 9999,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: "Kavya",
      program: "PhD",
      anonymizeLeaderboard: true,
      role: "student",
      coins: 0,
    });
    const stored = await findUser(user.email);
    expect(stored).toMatchObject({
      firstName: "Kavya",
      role: "student",
      coins: 0,
      anonymizeLeaderboard: true,
    });
  });

  it("refuses invalid profile values and changes nothing", async () => {
    const user = await createTestUser(t.db, { firstName: "Same" });
    const cookie = await signIn(t.app, user.email);
    for (const payload of [{ program: "MBA" }, { firstName: "" }, { anonymizeLeaderboard: "yes" }]) {
      const response = await as(t.app, cookie, { method: "PATCH", url: "/api/auth/user", payload });
      expect(response.statusCode).toBe(400);
    }
    expect(await findUser(user.email)).toMatchObject({
      firstName: "Same",
      program: "PGP",
      anonymizeLeaderboard: false,
    });
  });

  it("changes the password with the current one, keeps this session and ends the others", async () => {
    const user = await createTestUser(t.db);
    const here = await signIn(t.app, user.email);
    const elsewhere = await signIn(t.app, user.email);
    const change = (payload: object) =>
      as(t.app, here, { method: "POST", url: "/api/auth/password", payload });

    const wrongCurrent = await change({ currentPassword: "nope-nope-nope", newPassword: "a-new-password-1" });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe("Current password is incorrect");
    const tooShort = await change({ currentPassword: TEST_PASSWORD, newPassword: "short" });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().fieldErrors.newPassword).toEqual(["At least 10 characters"]);

    const ok = await change({ currentPassword: TEST_PASSWORD, newPassword: "a-new-password-1" });
    expect(ok.statusCode).toBe(200);
    expect((await as(t.app, here, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
    expect((await as(t.app, elsewhere, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    await expect(signIn(t.app, user.email)).rejects.toThrow(/401/);
    await signIn(t.app, user.email, "a-new-password-1");
  });
});

describe("DELETE /api/auth/account", () => {
  it("deletes the account and signs it out everywhere", async () => {
    const user = await createTestUser(t.db);
    const one = await signIn(t.app, user.email);
    const two = await signIn(t.app, user.email);
    const response = await as(t.app, one, { method: "DELETE", url: "/api/auth/account" });
    expect(response.statusCode).toBe(200);
    expect(await findUser(user.email)).toBeUndefined();
    expect((await as(t.app, two, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    await expect(signIn(t.app, user.email)).rejects.toThrow(/401/);
  });

  it("keeps the last administrator", async () => {
    const admin = await createTestUser(t.db, { role: "admin" });
    const cookie = await signIn(t.app, admin.email);
    expect(await t.db.select().from(users).where(eq(users.role, "admin"))).toHaveLength(1);
    const refused = await as(t.app, cookie, { method: "DELETE", url: "/api/auth/account" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only administrator/);
    expect(await findUser(admin.email)).toBeDefined();
    const other = await createTestUser(t.db, { role: "admin" });
    const allowed = await as(t.app, cookie, { method: "DELETE", url: "/api/auth/account" });
    expect(allowed.statusCode).toBe(200);
    expect(await findUser(other.email)).toBeDefined();
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await t.app.inject({ method: "DELETE", url: "/api/auth/account" })).statusCode).toBe(401);
  });
});
