import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { as, createTestApp, createTestUser, signIn, TEST_PASSWORD, type TestContext } from "@test/app";
import { tempFolders } from "@test/temp-folders";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../app";

const clientFolder = tempFolders("seva-client-");

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginFailuresPerEmailAndIp: { max: 3, windowMs: 60_000 },
      loginFailuresPerEmail: { max: 100, windowMs: 60_000 },
      loginFailuresPerIp: { max: 6, windowMs: 60_000 },
      loginFailuresPerKnownDevice: { max: 3, windowMs: 60_000 },
      passwordChangeFailuresPerUser: { max: 3, windowMs: 60_000 },
      registrationsPerIp: { max: 4, windowMs: 60_000 },
      ssoSignInsPerIp: { max: 10, windowMs: 60_000 },
      resetRequestsPerEmail: { max: 3, windowMs: 60_000 },
      resetRequestsPerIp: { max: 10, windowMs: 60_000 },
    },
  });
});
afterAll(() => t?.close());

const registration = (n: number) => ({
  email: `burst${n}@iimb.ac.in`,
  firstName: "B",
  lastName: "U",
  program: "PGP",
});

describe("cross-site requests", () => {
  it("refuses a state-changing request from another origin and changes nothing", async () => {
    const user = await createTestUser(t.db, { firstName: "Before" });
    const cookie = await signIn(t.app, user.email);
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const response = await as(t.app, cookie, {
        method: "PATCH",
        url: "/api/auth/user",
        payload: { firstName: "After" },
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe("Cross-site request refused");
    }
    const me = await as(t.app, cookie, { method: "GET", url: "/api/auth/user" });
    expect(me.json().firstName).toBe("Before");
  });

  it("accepts the app's own origin", async () => {
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const response = await as(t.app, cookie, {
      method: "PATCH",
      url: "/api/auth/user",
      payload: { firstName: "Mine" },
      headers: { origin: "http://localhost:80", host: "localhost:80", "sec-fetch-site": "same-origin" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("request bodies", () => {
  it("answers 415 to a body that is not JSON", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: "email=a&password=b",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.statusCode).toBe(415);
    const text = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: "hello",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
  });

  it("answers 400 to malformed JSON and 413 to an oversized body, in the JSON error format", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: '{"email": "a@iimb.ac.in",',
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("message");
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: JSON.stringify({
        email: "x@iimb.ac.in",
        firstName: "x".repeat(BODY_LIMIT_BYTES),
        lastName: "y",
        program: "PGP",
      }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe("unknown API paths and headers", () => {
  it("answers a JSON 404 for an unknown /api path", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/does-not-exist?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json().message).toMatch(/Not found/);
  });

  it("answers the API with a policy that lets nothing load or frame it, and the usual security headers", async () => {
    for (const url of ["/api/health", "/api/auth/user", "/api/opportunities"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.headers["content-security-policy"], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers["x-content-type-options"], url).toBe("nosniff");
      expect(response.headers["x-frame-options"], url).toBe("DENY");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
    }
    // Unknown API paths and errors go through helmet's page policy, which is strict too.
    const missing = await t.app.inject({ method: "GET", url: "/api/does-not-exist" });
    const csp = String(missing.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
  });
});

describe("rate limits", () => {
  it("limits failed sign-ins per e-mail and address with 429 and Retry-After, even for the right password", async () => {
    const user = await createTestUser(t.db);
    const attempt = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: user.email, password },
        remoteAddress: "203.0.113.50",
      });
    for (let i = 0; i < 3; i++) expect((await attempt("wrong-password")).statusCode).toBe(401);
    const limited = await attempt(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many failed sign-in attempts/);
  });

  it("limits failed sign-ins per IP address across e-mails", async () => {
    const ip = "203.0.113.7";
    const attempt = (n: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: `nobody${n}@iimb.ac.in`, password: "wrong" },
        remoteAddress: ip,
      });
    for (let i = 0; i < 6; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
    const otherIp = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "nobody@iimb.ac.in", password: "wrong" },
      remoteAddress: "203.0.113.8",
    });
    expect(otherIp.statusCode).toBe(401);
  });

  it("limits registrations per IP address under a burst", async () => {
    const ip = "198.51.100.4";
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        t.app.inject({ method: "POST", url: "/api/register", payload: registration(n), remoteAddress: ip }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});

describe("behind an HTTPS proxy", () => {
  it("marks the session cookie Secure when TRUST_PROXY is on and the proxy says https", async () => {
    const proxied = await createTestApp({ trustProxy: ["127.0.0.1"] });
    try {
      const user = await createTestUser(proxied.db);
      const response = await proxied.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { "x-forwarded-proto": "https" },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers["set-cookie"])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });
});

describe("text the database cannot store", () => {
  it("refuses NUL characters in bodies and queries with 400 and stores nothing", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/register",
      payload: { email: "nul@iimb.ac.in", firstName: "A\u0000B", lastName: "C", program: "PGP" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Text may not contain NUL characters");
    const user = await createTestUser(t.db);
    const cookie = await signIn(t.app, user.email);
    const query = await as(t.app, cookie, { method: "GET", url: "/api/opportunities?search=a%00b" });
    expect(query.statusCode).toBe(400);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "nul@iimb.ac.in", password: "x" },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe("serving the built client", () => {
  it("answers the app shell for client routes, files as they are, and JSON 404s for the API", async () => {
    const clientDir = clientFolder();
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Seva</title>");
    writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log(1)");
    mkdirSync(path.join(clientDir, "photos"));
    writeFileSync(path.join(clientDir, "photos", "lake-pier.webp"), "RIFF");
    const served = await createTestApp({ clientDir });
    try {
      for (const url of ["/", "/profile", "/admin/opportunities/3/edit", "/no/such/page"]) {
        const response = await served.app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain("<title>Seva</title>");
        expect(response.headers["cache-control"]).toBe("no-cache");
      }
      const asset = await served.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toContain("immutable");
      const photo = await served.app.inject({ method: "GET", url: "/photos/lake-pier.webp" });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["cache-control"]).toBe("public, max-age=604800");
      expect((await served.app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
      const api = await served.app.inject({ method: "GET", url: "/api/missing" });
      expect(api.statusCode).toBe(404);
      expect(api.headers["content-type"]).toMatch(/json/);
    } finally {
      await served.close();
    }
  });
});
