// The institution's sign-in end to end (docs/product-rules.md §13, ADR 0041): Seva against a real OpenID Connect
// provider on loopback (test/oidc-provider.ts) and a real database. Every refusal is proved to change nothing.

import { readFileSync } from "node:fs";
import path from "node:path";
import { mailOutbox, sessions, userIdentities, users } from "@server/db/schema";
import { DEFAULT_AUTH_RATE_LIMITS } from "@server/modules/auth/sign-in-limits";
import { SSO_CALLBACK_PATH, SSO_START_PATH } from "@shared/domain/sso";
import { as, cookieHeader, createTestApp, createTestUser, type TestContext } from "@test/app";
import {
  signInThrough,
  startTestProvider,
  type TestProvider,
  travelThroughProvider,
} from "@test/oidc-provider";
import { tempFolders } from "@test/temp-folders";
import { and, count, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLIENT_ID = "seva-test";
const CLIENT_SECRET = "a-client-secret-for-the-test-provider";
const REDIRECT_URI = `http://localhost:3000${SSO_CALLBACK_PATH}`;
const ADMIN_GROUP = "seva-administrators";
const logFolder = tempFolders("seva-sso-log-");

let provider: TestProvider;
let t: TestContext;

/** The sign-in configuration aimed at the test provider. */
const providerConfig = () => ({
  issuer: provider.issuer,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  displayName: "Test Provider",
  adminGroup: ADMIN_GROUP,
  groupsClaim: "groups",
  redirectUri: REDIRECT_URI,
});

beforeAll(async () => {
  provider = await startTestProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
  });
  t = await createTestApp({ sso: providerConfig() });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let counter = 0;
const freshEmail = (domain = "iimb.ac.in") => `sso.person${++counter}.${Date.now()}@${domain}`;

async function counts() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [i] = await t.db.select({ n: count() }).from(userIdentities);
  const [s] = await t.db.select({ n: count() }).from(sessions);
  return { users: u?.n, identities: i?.n, sessions: s?.n };
}

const me = (cookie: string) => as(t.app, cookie, { method: "GET", url: "/api/auth/user" });

describe("the institution's sign-in", () => {
  it("creates a student at the first sign-in, asks for the programme, and signs them in", async () => {
    const email = freshEmail();
    provider.addAccount({ email, givenName: "Asha", familyName: "Rao" });
    const response = await signInThrough(t, provider, email);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/");
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "student", program: null, firstName: "Asha", lastName: "Rao" });
    expect(user?.passwordIsTemporary).toBe(false);
    const identities = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user?.id ?? 0));
    expect(identities).toHaveLength(1);
    expect(identities[0]?.issuer).toBe(provider.issuer);
    const current = await me(cookieHeader(response));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ email, role: "student", programPrompt: true, firstSignIn: true });
    // The state cookie is cleared.
    expect(response.cookies.find((cookie) => cookie.name === "seva_sso")?.value).toBe("");
  });

  it("signs the same person in to the same account the second time", async () => {
    const email = freshEmail();
    provider.addAccount({ email, givenName: "Bala", familyName: "Iyer" });
    await signInThrough(t, provider, email);
    const before = await counts();
    const again = await signInThrough(t, provider, email);
    expect(again.headers.location).toBe("/");
    const after = await counts();
    expect(after.users).toBe(before.users);
    expect(after.identities).toBe(before.identities);
    expect((await me(cookieHeader(again))).json()).toMatchObject({ email, firstSignIn: false });
  });

  it("links an existing account by its verified e-mail and tells its owner", async () => {
    const existing = await createTestUser(t.db);
    provider.addAccount({ email: existing.email, givenName: "Someone", familyName: "Else" });
    const before = await counts();
    const response = await signInThrough(t, provider, existing.email);
    expect(response.headers.location).toBe("/");
    const after = await counts();
    expect(after.users).toBe(before.users);
    expect(after.identities).toBe((before.identities ?? 0) + 1);
    expect((await me(cookieHeader(response))).json()).toMatchObject({ id: existing.id, program: "PGP" });
    const mail = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "sso_linked"), eq(mailOutbox.userId, existing.id)));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.toAddress).toBe(existing.email);
    expect(mail[0]?.data).toMatchObject({ provider: "Test Provider" });
  });

  it("makes members of the admin group administrators, and everyone else a student", async () => {
    const adminEmail = freshEmail();
    provider.addAccount({ email: adminEmail, groups: ["staff", ADMIN_GROUP] });
    const admin = await signInThrough(t, provider, adminEmail);
    expect((await me(cookieHeader(admin))).json()).toMatchObject({ role: "admin" });
    const studentEmail = freshEmail();
    provider.addAccount({ email: studentEmail, groups: ["staff"] });
    const student = await signInThrough(t, provider, studentEmail);
    expect((await me(cookieHeader(student))).json()).toMatchObject({ role: "student" });
  });

  it("promotes an existing student who is in the admin group, and demotes nobody who left it", async () => {
    const existing = await createTestUser(t.db);
    const { sub } = provider.addAccount({ email: existing.email, groups: [ADMIN_GROUP] });
    await signInThrough(t, provider, existing.email);
    const [promoted] = await t.db.select().from(users).where(eq(users.id, existing.id));
    expect(promoted?.role).toBe("admin");
    provider.addAccount({ email: existing.email, groups: [], sub });
    const again = await signInThrough(t, provider, existing.email);
    expect((await me(cookieHeader(again))).json()).toMatchObject({ role: "admin" });
  });

  it("ends the Seva session at sign-out", async () => {
    const email = freshEmail();
    provider.addAccount({ email });
    const cookie = cookieHeader(await signInThrough(t, provider, email));
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await as(t.app, cookie, { method: "POST", url: "/api/logout" });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("replaces the session of the cookie that came in (no session fixation)", async () => {
    const other = await createTestUser(t.db);
    const email = freshEmail();
    provider.addAccount({ email });
    const { signIn } = await import("@test/app");
    const planted = await signIn(t.app, other.email);
    const response = await signInThrough(t, provider, email, { cookie: planted });
    expect(response.headers.location).toBe("/");
    expect((await me(planted)).statusCode).toBe(401);
    expect((await me(cookieHeader(response))).json()).toMatchObject({ email });
  });

  it("makes one account and one identity when one new person's two sign-ins finish at once", async () => {
    const email = freshEmail();
    provider.addAccount({ email });
    const [first, second] = await Promise.all([
      travelThroughProvider(t, provider, email),
      travelThroughProvider(t, provider, email),
    ]);
    if (!first || !second) throw new Error("no round trips");
    const finish = (trip: typeof first) =>
      t.app.inject({ method: "GET", url: trip.callbackPath, headers: { cookie: trip.ssoCookie } });
    const answers = await Promise.all([finish(first), finish(second)]);
    expect(answers.map((answer) => answer.headers.location)).toEqual(["/", "/"]);
    const made = await t.db.select().from(users).where(eq(users.email, email));
    expect(made).toHaveLength(1);
    const links = await t.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, made[0]?.id ?? 0));
    expect(links).toHaveLength(1);
  });
});

describe("refusals change nothing", () => {
  async function expectRefused(reason: string, run: () => Promise<LightMyRequestResponse>) {
    const before = await counts();
    const response = await run();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/sign-in/refused?reason=${reason}`);
    expect(await counts()).toEqual(before);
    // The state cookie is cleared, and no session cookie is set.
    expect(response.cookies.find((cookie) => cookie.name === "seva_sso")?.value).toBe("");
    expect(response.cookies.some((cookie) => cookie.name === "seva.sid")).toBe(false);
  }

  async function withTamper<T>(
    tamper: Parameters<TestProvider["tamperIdToken"]>[0],
    run: () => Promise<T>,
  ): Promise<T> {
    provider.tamperIdToken(tamper);
    try {
      return await run();
    } finally {
      provider.tamperIdToken(undefined);
    }
  }

  const newcomer = () => {
    const email = freshEmail();
    provider.addAccount({ email });
    return email;
  };

  it("refuses an ID token for another audience", async () => {
    const email = newcomer();
    await expectRefused("provider", () =>
      withTamper(
        (claims) => ({ ...claims, aud: "someone-else" }),
        () => signInThrough(t, provider, email),
      ),
    );
  });

  it("refuses an ID token whose signature is wrong", async () => {
    const email = newcomer();
    await expectRefused("provider", () =>
      withTamper(
        () => "corrupt-signature",
        () => signInThrough(t, provider, email),
      ),
    );
  });

  it("refuses an expired ID token", async () => {
    const email = newcomer();
    const past = Math.floor(Date.now() / 1000) - 3600;
    await expectRefused("provider", () =>
      withTamper(
        (claims) => ({ ...claims, iat: past - 60, exp: past }),
        () => signInThrough(t, provider, email),
      ),
    );
  });

  it("refuses an ID token with another nonce", async () => {
    const email = newcomer();
    await expectRefused("provider", () =>
      withTamper(
        (claims) => ({ ...claims, nonce: "not-the-nonce-seva-sent" }),
        () => signInThrough(t, provider, email),
      ),
    );
  });

  it("refuses the same callback twice: a state is good once", async () => {
    const email = newcomer();
    const trip = await travelThroughProvider(t, provider, email);
    const finish = () =>
      t.app.inject({ method: "GET", url: trip.callbackPath, headers: { cookie: trip.ssoCookie } });
    expect((await finish()).headers.location).toBe("/");
    await expectRefused("expired", finish);
  });

  it("refuses a callback without the state cookie, or with another sign-in's", async () => {
    const email = newcomer();
    const trip = await travelThroughProvider(t, provider, email);
    await expectRefused("expired", () => t.app.inject({ method: "GET", url: trip.callbackPath }));
    const otherStart = await t.app.inject({ method: "GET", url: SSO_START_PATH });
    await expectRefused("expired", () =>
      t.app.inject({ method: "GET", url: trip.callbackPath, headers: { cookie: cookieHeader(otherStart) } }),
    );
    // A forged, unsigned cookie holding the right state is no better.
    const state = new URL(trip.callbackPath, "http://x").searchParams.get("state") ?? "";
    await expectRefused("expired", () =>
      t.app.inject({ method: "GET", url: trip.callbackPath, headers: { cookie: `seva_sso=${state}` } }),
    );
  });

  it("refuses a code the provider never issued, and the state is used up", async () => {
    const email = newcomer();
    const trip = await travelThroughProvider(t, provider, email);
    const forged = new URL(trip.callbackPath, "http://localhost");
    forged.searchParams.set("code", "a-code-the-provider-never-issued");
    const url = `${forged.pathname}${forged.search}`;
    await expectRefused("provider", () =>
      t.app.inject({ method: "GET", url, headers: { cookie: trip.ssoCookie } }),
    );
    // The real code cannot be tried after it: the state went with the first try.
    await expectRefused("expired", () =>
      t.app.inject({ method: "GET", url: trip.callbackPath, headers: { cookie: trip.ssoCookie } }),
    );
  });

  it("refuses an e-mail address the provider has not verified", async () => {
    const email = freshEmail();
    provider.addAccount({ email, emailVerified: false });
    await expectRefused("unverified", () => signInThrough(t, provider, email));
  });

  it("refuses an address outside the accepted domains", async () => {
    const email = freshEmail("gmail.com");
    provider.addAccount({ email });
    await expectRefused("domain", () => signInThrough(t, provider, email));
  });

  it("says the person cancelled when the provider answers access_denied", async () => {
    const start = await t.app.inject({ method: "GET", url: SSO_START_PATH });
    const state = new URL(String(start.headers.location)).searchParams.get("state");
    await expectRefused("cancelled", () =>
      t.app.inject({
        method: "GET",
        url: `${SSO_CALLBACK_PATH}?error=access_denied&state=${state}`,
        headers: { cookie: cookieHeader(start) },
      }),
    );
    await expectRefused("provider", () =>
      t.app.inject({ method: "GET", url: `${SSO_CALLBACK_PATH}?error=server_error&state=${state}` }),
    );
  });
});

describe("when the provider is down or not configured", () => {
  it("refuses with 'provider' when the provider cannot be reached, at the start or at the callback", async () => {
    const down = await startTestProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [REDIRECT_URI],
    });
    const app = await createTestApp({
      sso: {
        issuer: down.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        displayName: "Down Provider",
        adminGroup: undefined,
        groupsClaim: "groups",
        redirectUri: REDIRECT_URI,
      },
    });
    try {
      const email = freshEmail();
      down.addAccount({ email });
      const trip = await travelThroughProvider(app, down, email);
      await down.close();
      const [before] = await app.db.select({ n: count() }).from(users);
      const callback = await app.app.inject({
        method: "GET",
        url: trip.callbackPath,
        headers: { cookie: trip.ssoCookie },
      });
      expect(callback.headers.location).toBe("/sign-in/refused?reason=provider");
      const [after] = await app.db.select({ n: count() }).from(users);
      expect(after?.n).toBe(before?.n);
    } finally {
      await app.close();
    }
    // A provider that was never reachable: the app still started, and the start refuses.
    const closed = await createTestApp({
      sso: {
        issuer: down.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        displayName: "Down Provider",
        adminGroup: undefined,
        groupsClaim: "groups",
        redirectUri: REDIRECT_URI,
      },
    });
    try {
      const start = await closed.app.inject({ method: "GET", url: SSO_START_PATH });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe("/sign-in/refused?reason=provider");
    } finally {
      await closed.close();
    }
  });

  it("limits the sign-ins begun from one address, with a 429 like the other limits", async () => {
    const limited = await createTestApp({
      sso: { ...providerConfig(), displayName: "Limited" },
      rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, ssoSignInsPerIp: { max: 2, windowMs: 60_000 } },
    });
    try {
      for (let n = 0; n < 2; n += 1) {
        expect((await limited.app.inject({ method: "GET", url: SSO_START_PATH })).statusCode).toBe(302);
      }
      const refused = await limited.app.inject({ method: "GET", url: SSO_START_PATH });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        message: "Too many sign-ins from this network. Please wait a few minutes and try again.",
        code: "rate_limited",
      });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it("says the sign-in is unavailable when it is not configured", async () => {
    const plain = await createTestApp();
    try {
      for (const url of [SSO_START_PATH, `${SSO_CALLBACK_PATH}?code=x&state=y`]) {
        const response = await plain.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe("/sign-in/refused?reason=unavailable");
      }
    } finally {
      await plain.close();
    }
  });
});

describe("the log of institutional sign-ins", () => {
  it("says who signed in and how, with ids only, and why a sign-in failed, with no e-mail address or token", async () => {
    const logFile = path.join(logFolder(), "server.log");
    const logged = await createTestApp({ sso: providerConfig(), logFile });
    const email = freshEmail();
    provider.addAccount({ email });
    const foreign = freshEmail("gmail.com");
    provider.addAccount({ email: foreign });
    try {
      const signedIn = await signInThrough(logged, provider, email);
      expect(signedIn.headers.location).toBe("/");
      expect((await signInThrough(logged, provider, foreign)).headers.location).toContain("reason=domain");
      provider.tamperIdToken(() => "corrupt-signature");
      try {
        expect((await signInThrough(logged, provider, email)).headers.location).toContain("reason=provider");
      } finally {
        provider.tamperIdToken(undefined);
      }
    } finally {
      await logged.app.close();
    }
    const [user] = await logged.db.select().from(users).where(eq(users.email, email));
    await logged.close();
    // The file is written asynchronously: wait for the failure's line.
    let raw = "";
    for (let attempt = 0; attempt < 100 && !raw.includes("sign-in failed"); attempt++) {
      raw = readFileSync(logFile, "utf8");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lines = raw
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: "signed in", userId: user?.id, method: "sso" }),
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "the institution's sign-in failed",
        cause: "JWT signature verification failed",
      }),
    );
    expect(raw).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/);
    expect(raw).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});
