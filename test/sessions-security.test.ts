// Sessions and browsers (docs/product-rules.md §1): session fixation, signing out everywhere, cookie flags
// behind an HTTPS proxy, cross-site refusals, and the sign-in and registration rate limits under a concurrent
// burst. auth.routes.test.ts and http-safety.test.ts hold the single-request basics; these are the attacker's
// views.

import { sessions, users } from "@server/db/schema";
import { DEFAULT_AUTH_RATE_LIMITS } from "@server/modules/auth/sign-in-limits";
import { hashToken } from "@server/sessions/session-store";
import { eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  as,
  cookieHeader,
  createTestApp,
  createTestUser,
  signIn,
  TEST_PASSWORD,
  type TestContext,
} from "./app";

const SESSION_COOKIE = "seva.sid";

let t: TestContext;
beforeAll(async () => {
  // The production limits, so the burst tests prove the numbers the product ships with.
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (cookie: string) => as(t.app, cookie, { method: "GET", url: "/api/auth/user" });

const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  as(t.app, cookie, { method: "POST", url: "/api/auth/password", payload: { currentPassword, newPassword } });

function login(email: string, password: string, options: { cookie?: string; remoteAddress?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password },
    headers: options.cookie ? { cookie: options.cookie } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The raw random token inside the signed session cookie a response set. */
function sessionToken(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in ${response.statusCode} ${response.body}`);
  const unsigned = t.app.unsignCookie(cookie.value);
  if (!unsigned.valid || !unsigned.value) throw new Error("the server set a cookie it cannot verify");
  return unsigned.value;
}

/** A Cookie header carrying a token signed with the server's secret (the strongest planted cookie there is). */
function signedCookie(token: string): string {
  return `${SESSION_COOKIE}=${encodeURIComponent(t.app.signCookie(token))}`;
}

async function sessionRows(userId: number) {
  return t.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe("session lifetime", () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** Signs in, then moves the session's sign-in and expiry as if time had passed. */
  async function agedSession(signedInDaysAgo: number, expiresInDays: number) {
    const user = await createTestUser(t.db);
    const response = await login(user.email, TEST_PASSWORD);
    const cookie = cookieHeader(response);
    const now = Date.now();
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(now - signedInDaysAgo * DAY), expire: new Date(now + expiresInDays * DAY) })
      .where(eq(sessions.userId, user.id));
    return { user, cookie };
  }

  it("keeps the cookie for the longest a session can live, 30 days", async () => {
    const user = await createTestUser(t.db);
    const response = await login(user.email, TEST_PASSWORD);
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    const [row] = await sessionRows(user.id);
    // Idle for 14 days, it ends.
    expect(Math.round(((row?.expire.getTime() ?? 0) - Date.now()) / DAY)).toBe(14);
  });

  it("ends a session left idle for 14 days", async () => {
    const { cookie } = await agedSession(15, -1 / 24);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("slides an active session's expiry 14 days on, but never past 30 days after its sign-in", async () => {
    const active = await agedSession(3, 11);
    expect((await me(active.cookie)).statusCode).toBe(200);
    const [slid] = await sessionRows(active.user.id);
    expect(Math.round(((slid?.expire.getTime() ?? 0) - Date.now()) / DAY)).toBe(14);

    const old = await agedSession(20, 5);
    expect((await me(old.cookie)).statusCode).toBe(200);
    const [capped] = await sessionRows(old.user.id);
    expect(Math.round(((capped?.expire.getTime() ?? 0) - Date.now()) / DAY)).toBe(10);
  });

  it("ends a session 30 days after its sign-in however active it was", async () => {
    const { cookie } = await agedSession(30 + 1 / 24, 5);
    expect((await me(cookie)).statusCode).toBe(401);
    const fresh = await agedSession(30 - 1 / 24, 1);
    expect((await me(fresh.cookie)).statusCode).toBe(200);
  });
});

describe("session fixation", () => {
  it("never turns a planted cookie into the victim's session, even one signed with the server's secret", async () => {
    const victim = await createTestUser(t.db);
    const planted = signedCookie("attacker-chosen-token-0123456789abcdef");
    // Before sign-in the planted cookie is nobody.
    expect((await me(planted)).statusCode).toBe(401);

    const response = await login(victim.email, TEST_PASSWORD, { cookie: planted });
    expect(response.statusCode).toBe(200);
    const issued = sessionToken(response);
    expect(issued).not.toBe("attacker-chosen-token-0123456789abcdef");
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    // The attacker, who still holds the planted cookie, is not signed in as the victim.
    expect((await me(planted)).statusCode).toBe(401);
    expect((await me(cookieHeader(response))).json().id).toBe(victim.id);
    const rows = await sessionRows(victim.id);
    expect(rows.map((row) => row.sid)).toEqual([hashToken(issued)]);
  });

  it("does not keep an attacker's own live session planted in the victim's browser", async () => {
    const attacker = await createTestUser(t.db);
    const victim = await createTestUser(t.db);
    const attackerCookie = await signIn(t.app, attacker.email);
    const attackerToken = t.app.unsignCookie(attackerCookie.slice(SESSION_COOKIE.length + 1)).value;

    const response = await login(victim.email, TEST_PASSWORD, { cookie: attackerCookie });
    expect(response.statusCode).toBe(200);
    expect(sessionToken(response)).not.toBe(attackerToken);
    // The planted session is ended, so it can neither be the victim's nor linger as the attacker's.
    expect((await me(attackerCookie)).statusCode).toBe(401);
    expect(await sessionRows(attacker.id)).toHaveLength(0);
    expect((await me(cookieHeader(response))).json().id).toBe(victim.id);
  });

  it("issues a new token at every sign-in, and the old one stops working", async () => {
    const user = await createTestUser(t.db);
    const tokens = new Set<string>();
    let cookie = "";
    for (let i = 0; i < 3; i++) {
      const response = await login(user.email, TEST_PASSWORD, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      const previous = cookie;
      tokens.add(sessionToken(response));
      cookie = cookieHeader(response);
      if (previous) expect((await me(previous)).statusCode).toBe(401);
    }
    expect(tokens.size).toBe(3);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it("makes the cookie useless after logout, for reads and writes alike", async () => {
    const user = await createTestUser(t.db, { firstName: "Before" });
    const cookie = await signIn(t.app, user.email);
    const logout = await as(t.app, cookie, { method: "POST", url: "/api/logout" });
    expect(logout.statusCode).toBe(200);
    // The browser is told to drop the cookie ...
    const cleared = logout.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    // ... and a copy kept by anyone is worth nothing.
    expect((await me(cookie)).statusCode).toBe(401);
    const write = await as(t.app, cookie, {
      method: "PATCH",
      url: "/api/auth/user",
      payload: { firstName: "After" },
    });
    expect(write.statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.firstName).toBe("Before");
    expect(await sessionRows(user.id)).toHaveLength(0);
  });
});

describe("signing out everywhere", () => {
  it("ends every browser's session when the account is deleted from one of them", async () => {
    const user = await createTestUser(t.db);
    const laptop = await signIn(t.app, user.email);
    const phone = await signIn(t.app, user.email);
    const other = await createTestUser(t.db);
    const bystander = await signIn(t.app, other.email);
    expect(await sessionRows(user.id)).toHaveLength(2);

    const deletion = await as(t.app, laptop, { method: "DELETE", url: "/api/auth/account" });
    expect(deletion.statusCode).toBe(200);
    for (const cookie of [laptop, phone]) {
      expect((await me(cookie)).statusCode).toBe(401);
      const write = await as(t.app, cookie, {
        method: "PATCH",
        url: "/api/auth/user",
        payload: { firstName: "Ghost" },
      });
      expect(write.statusCode).toBe(401);
    }
    expect(await sessionRows(user.id)).toHaveLength(0);
    // Another user's session is untouched.
    expect((await me(bystander)).statusCode).toBe(200);
  });

  it("ends the other browsers' sessions on a password change and keeps the one that changed it", async () => {
    const user = await createTestUser(t.db);
    const laptop = await signIn(t.app, user.email);
    const phone = await signIn(t.app, user.email);
    const tablet = await signIn(t.app, user.email);
    const change = await changePassword(laptop, TEST_PASSWORD, "another-good-password");
    expect(change.statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(tablet)).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, "another-good-password")).statusCode).toBe(200);
  });
});

describe("cookie flags", () => {
  function sessionSetCookie(response: LightMyRequestResponse): string {
    const header = response.headers["set-cookie"];
    const all = Array.isArray(header) ? header : header ? [header] : [];
    const found = all.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    if (!found) throw new Error("no session Set-Cookie");
    return found;
  }
  const attributes = (line: string) =>
    line
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());

  it("sets HttpOnly, SameSite=Lax and Path=/ and leaves out Secure over plain HTTP", async () => {
    const user = await createTestUser(t.db);
    const response = await login(user.email, TEST_PASSWORD);
    const flags = attributes(sessionSetCookie(response));
    expect(flags).toEqual(expect.arrayContaining(["httponly", "samesite=lax", "path=/"]));
    expect(flags).not.toContain("secure");
    const logout = await as(t.app, cookieHeader(response), { method: "POST", url: "/api/logout" });
    expect(attributes(sessionSetCookie(logout))).toEqual(
      expect.arrayContaining(["httponly", "samesite=lax", "path=/"]),
    );
  });

  it("ignores X-Forwarded-Proto unless TRUST_PROXY is on", async () => {
    const user = await createTestUser(t.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.statusCode).toBe(200);
    expect(attributes(sessionSetCookie(response))).not.toContain("secure");
  });

  it("adds Secure behind a trusted proxy that terminated HTTPS, and only then", async () => {
    const proxied = await createTestApp({ trustProxy: ["127.0.0.1"] });
    try {
      const user = await createTestUser(proxied.db);
      const viaProxy = (proto: string) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email: user.email, password: TEST_PASSWORD },
          headers: { "x-forwarded-proto": proto, host: "seva.example", origin: `${proto}://seva.example` },
        });
      const https = await viaProxy("https");
      expect(https.statusCode).toBe(200);
      const httpsFlags = attributes(sessionSetCookie(https));
      expect(httpsFlags).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]));
      const logout = await proxied.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: cookieHeader(https), "x-forwarded-proto": "https", host: "seva.example" },
      });
      expect(attributes(sessionSetCookie(logout))).toContain("secure");

      const http = await viaProxy("http");
      expect(http.statusCode).toBe(200);
      expect(attributes(sessionSetCookie(http))).not.toContain("secure");

      // The same-origin check compares against the scheme the proxy reports: a page on http:// posting to the
      // https:// site is another origin.
      const downgraded = await proxied.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { "x-forwarded-proto": "https", host: "seva.example", origin: "http://seva.example" },
      });
      expect(downgraded.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe("cross-site requests", () => {
  const crossSite = [
    { origin: "https://evil.example" },
    { origin: "http://localhost:80.evil.example" },
    { "sec-fetch-site": "cross-site" },
  ];

  it("refuses sign-out, password change and account deletion from another site and changes nothing", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    for (const headers of crossSite) {
      const attempts = [
        { method: "POST" as const, url: "/api/logout" },
        {
          method: "POST" as const,
          url: "/api/auth/password",
          payload: { currentPassword: TEST_PASSWORD, newPassword: "attacker-password-1" },
        },
        { method: "DELETE" as const, url: "/api/auth/account" },
      ];
      for (const attempt of attempts) {
        const response = await as(t.app, cookie, { ...attempt, headers });
        expect(response.statusCode, `${attempt.method} ${attempt.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toEqual({ message: "Cross-site request refused", code: "forbidden" });
        expect(response.headers["set-cookie"]).toBeUndefined();
      }
    }
    // Still signed in, same password, account and session still there.
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a cross-site sign-in (login CSRF) and a cross-site registration", async () => {
    const user = await createTestUser(t.db);
    for (const headers of crossSite) {
      const signInAttempt = await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: user.email, password: TEST_PASSWORD },
        headers,
      });
      expect(signInAttempt.statusCode).toBe(403);
      expect(signInAttempt.headers["set-cookie"]).toBeUndefined();
      const email = `csrf.${Object.values(headers)[0]?.length}.${Date.now()}@iimb.ac.in`;
      const registration = await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email, firstName: "C", lastName: "S", program: "PGP" },
        headers,
      });
      expect(registration.statusCode).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
    expect(await sessionRows(user.id)).toHaveLength(0);
  });
});

describe("rate limits under a burst", () => {
  const BURST = 50;

  it("holds a guesser at one address to the pair's limit, while the owner signs in from another", async () => {
    const user = await createTestUser(t.db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp;
    const attacker = "192.0.2.10";
    const responses = await Promise.all(
      Array.from({ length: BURST }, () => login(user.email, "wrong-password", { remoteAddress: attacker })),
    );
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(max);
    expect(refused).toHaveLength(BURST - max);
    for (const response of refused) {
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.json().code).toBe("rate_limited");
    }
    // The right password from the attacker's address is refused without a session...
    const fromAttacker = await login(user.email, TEST_PASSWORD, { remoteAddress: attacker });
    expect(fromAttacker.statusCode).toBe(429);
    expect(fromAttacker.headers["set-cookie"]).toBeUndefined();
    expect(await sessionRows(user.id)).toHaveLength(0);
    // ...while the owner, elsewhere, signs in as usual, and the guessing goes on being refused.
    const owner = await login(user.email, TEST_PASSWORD, { remoteAddress: "192.0.2.11" });
    expect(owner.statusCode).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await login(user.email, "wrong-again", { remoteAddress: attacker })).statusCode).toBe(429);
  });

  it("stops guessing spread over many addresses at the account's limit, but never its known devices", async () => {
    const user = await createTestUser(t.db);
    // The owner signed in on this browser before: it holds the known-device cookie.
    const earlier = await login(user.email, TEST_PASSWORD, { remoteAddress: "192.0.2.40" });
    const device = earlier.cookies.find((cookie) => cookie.name === "seva.device");
    expect(device, "device cookie").toBeDefined();
    expect(device?.path).toBe("/api/login");
    expect(device?.httpOnly).toBe(true);
    const deviceCookie = `seva.device=${device?.value}`;

    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmail;
    const pairMax = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp.max;
    const addresses = Math.ceil((max + 10) / pairMax);
    const responses = await Promise.all(
      Array.from({ length: addresses * pairMax }, (_, n) =>
        login(user.email, "wrong-password", { remoteAddress: `198.18.${n % addresses}.1` }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(max);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(
      addresses * pairMax - max,
    );
    // A new address is refused even with the right password: the account's limit is reached...
    expect((await login(user.email, TEST_PASSWORD, { remoteAddress: "192.0.2.41" })).statusCode).toBe(429);
    // ...but the owner's known device, wherever it now is, signs in.
    const known = await login(user.email, TEST_PASSWORD, {
      remoteAddress: "192.0.2.42",
      cookie: deviceCookie,
    });
    expect(known.statusCode).toBe(200);
    // A device cookie of another account, or a forged one, counts for nothing.
    const other = await createTestUser(t.db);
    expect(
      (await login(other.email, "wrong-password", { remoteAddress: "192.0.2.43", cookie: deviceCookie }))
        .statusCode,
    ).toBe(401);
    const forged = `seva.device=${encodeURIComponent("forged.device.signature")}`;
    expect(
      (await login(user.email, TEST_PASSWORD, { remoteAddress: "192.0.2.44", cookie: forged })).statusCode,
    ).toBe(429);
  });

  it("processes exactly the allowed failed sign-ins from one address across many e-mails", async () => {
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerIp;
    const remoteAddress = "192.0.2.20";
    const burst = max + 20;
    const responses = await Promise.all(
      Array.from({ length: burst }, (_, n) =>
        login(`nobody${n}.${Date.now()}@iimb.ac.in`, "wrong-password", { remoteAddress }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(max);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(burst - max);
    for (const response of refused) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (await login("nobody@iimb.ac.in", "wrong-password", { remoteAddress: "192.0.2.21" })).statusCode,
    ).toBe(401);
  });

  it("checks exactly the allowed wrong current passwords of one account and refuses the rest", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.passwordChangeFailuresPerUser;
    const change = (currentPassword: string) =>
      changePassword(cookie, currentPassword, "a-brand-new-password");
    const responses = await Promise.all(Array.from({ length: BURST }, (_, n) => change(`wrong-guess-${n}`)));
    expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(max);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(BURST - max);
    expect(refused[0]?.json().message).toMatch(/Too many wrong current passwords/);
    // Even the right one waits now; another account is not affected.
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
    const other = await createTestUser(t.db);
    const otherCookie = await signIn(t.app, other.email);
    const otherChange = await changePassword(otherCookie, TEST_PASSWORD, "a-brand-new-password");
    expect(otherChange.statusCode).toBe(200);
  });

  it("creates exactly the allowed registrations from one address and refuses the rest", async () => {
    const { max } = DEFAULT_AUTH_RATE_LIMITS.registrationsPerIp;
    const remoteAddress = "192.0.2.30";
    const emails = Array.from({ length: BURST }, (_, n) => `burst${n}.${Date.now()}@iimb.ac.in`);
    const responses = await Promise.all(
      emails.map((email) =>
        t.app.inject({
          method: "POST",
          url: "/api/register",
          payload: { email, firstName: "B", lastName: "U", program: "PGP" },
          remoteAddress,
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(max);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(BURST - max);
    for (const response of refused) expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    const created = await t.db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    expect(created).toHaveLength(max);
  });
});
