// The server's real log, read back as an operator would: one JSON object per line, and no password, session
// token or e-mail address in any of them, whatever the request did (signed up, signed in, failed, changed the
// profile and password, signed out, deleted the account, hit 4xx refusals and a 5xx with the database gone).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { as, cookieHeader, createTestApp, type TestContext } from "./app";
import { tempFolders } from "./temp-folders";

interface LogLine {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  err?: Record<string, unknown>;
  [key: string]: unknown;
}

const logFile = path.join(tempFolders("seva-log-audit-")(), "server.log");

/** Every secret the scenario uses; none may appear in the log, raw or URL-encoded. */
const secrets = new Set<string>();
function remember(...values: string[]): void {
  for (const value of values) {
    secrets.add(value);
    secrets.add(encodeURIComponent(value));
  }
}

function sessionCookieSecrets(t: TestContext, response: LightMyRequestResponse): void {
  for (const cookie of response.cookies) {
    if (!cookie.value) continue;
    remember(cookie.value);
    const token = t.app.unsignCookie(cookie.value).value;
    if (token) remember(token);
  }
}

let lines: LogLine[] = [];
let raw = "";
const statuses: Record<string, number> = {};

beforeAll(async () => {
  const t = await createTestApp({ logFile });
  const stamp = Date.now();
  const email = `log.audit.${stamp}@iimb.ac.in`;
  const otherEmail = `someone.else.${stamp}@iimb.ac.in`;
  const foreignEmail = `outsider.${stamp}@gmail.com`;
  const wrongPassword = `wrong-Password-${stamp}`;
  const newPassword = `new-Password-${stamp}`;
  remember(email, otherEmail, foreignEmail, wrongPassword, newPassword);
  const record = (name: string, response: LightMyRequestResponse) => {
    statuses[name] = response.statusCode;
    return response;
  };
  const login = (address: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/login", payload: { email: address, password }, headers });

  try {
    const registration = record(
      "register",
      await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email, firstName: "Log", lastName: "Audit", program: "PGP" },
      }),
    );
    const tempPassword: string = registration.json().tempPassword;
    remember(tempPassword);

    record("wrong password", await login(email, wrongPassword));
    record("unknown e-mail", await login(otherEmail, wrongPassword));
    const signedIn = record("login", await login(email, tempPassword));
    sessionCookieSecrets(t, signedIn);
    let cookie = cookieHeader(signedIn);

    record("current user", await as(t.app, cookie, { method: "GET", url: "/api/auth/user" }));
    record(
      "profile change",
      await as(t.app, cookie, {
        method: "PATCH",
        url: "/api/auth/user",
        payload: { firstName: "Logged", anonymizeLeaderboard: true },
      }),
    );
    record(
      "password change, wrong current",
      await as(t.app, cookie, {
        method: "POST",
        url: "/api/auth/password",
        payload: { currentPassword: wrongPassword, newPassword },
      }),
    );
    record(
      "password change",
      await as(t.app, cookie, {
        method: "POST",
        url: "/api/auth/password",
        payload: { currentPassword: tempPassword, newPassword },
      }),
    );
    // 4xx refusals that carry an e-mail or a password somewhere in the request.
    record(
      "search by e-mail",
      await as(t.app, cookie, {
        method: "GET",
        url: `/api/opportunities?search=${encodeURIComponent(email)}`,
      }),
    );
    record(
      "unknown path with e-mail",
      await t.app.inject({ method: "GET", url: `/api/no-such-thing?email=${email}&password=${newPassword}` }),
    );
    record(
      "foreign domain",
      await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email: foreignEmail, firstName: "Out", lastName: "Sider", program: "PGP" },
      }),
    );
    record(
      "duplicate registration",
      await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email, firstName: "Log", lastName: "Audit", program: "PGP" },
      }),
    );
    record(
      "malformed JSON",
      await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: `{"email": "${email}", "password": "${newPassword}"`,
        headers: { "content-type": "application/json" },
      }),
    );
    record(
      "form body",
      await t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: `email=${encodeURIComponent(email)}&password=${newPassword}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    record("cross-site", await login(email, newPassword, { origin: "https://evil.example" }));
    record("anonymous", await t.app.inject({ method: "GET", url: "/api/auth/user" }));
    record("logout", await as(t.app, cookie, { method: "POST", url: "/api/logout" }));

    const again = record("login again", await login(email, newPassword));
    sessionCookieSecrets(t, again);
    cookie = cookieHeader(again);
    record("delete account", await as(t.app, cookie, { method: "DELETE", url: "/api/auth/account" }));
    record("login after deletion", await login(email, newPassword));

    // The database goes away: a sign-in now fails inside a query whose parameters hold the e-mail.
    await t.database.close();
    record("login without database", await login(otherEmail, newPassword));
    record("health without database", await t.app.inject({ method: "GET", url: "/api/health" }));
  } finally {
    await t.app.close();
  }
  // The file is written asynchronously; wait until every request's completion line has landed.
  const expected = Object.keys(statuses).length;
  for (let attempt = 0; attempt < 100; attempt++) {
    raw = readFileSync(logFile, "utf8");
    if ((raw.match(/"msg":"request completed"/g) ?? []).length >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  lines = raw
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as LogLine);
});

describe("the server log", () => {
  it("went through the whole scenario with the expected answers", () => {
    expect(statuses).toEqual({
      register: 201,
      "wrong password": 401,
      "unknown e-mail": 401,
      login: 200,
      "current user": 200,
      "profile change": 200,
      "password change, wrong current": 400,
      "password change": 200,
      "search by e-mail": 200,
      "unknown path with e-mail": 404,
      "foreign domain": 400,
      "duplicate registration": 409,
      "malformed JSON": 400,
      "form body": 415,
      "cross-site": 403,
      anonymous: 401,
      logout: 200,
      "login again": 200,
      "delete account": 200,
      "login after deletion": 401,
      "login without database": 500,
      "health without database": 503,
    });
  });

  it("is structured: one JSON object per line, with a level, a time and a message, one pair per request", () => {
    expect(lines.length).toBeGreaterThan(2 * Object.keys(statuses).length - 1);
    for (const line of lines) {
      expect(typeof line.level).toBe("number");
      expect(typeof line.time).toBe("number");
      expect(typeof line.msg).toBe("string");
    }
    const completed = lines.filter((line) => line.msg === "request completed");
    expect(completed).toHaveLength(Object.keys(statuses).length);
    for (const line of completed) expect(line.reqId).toBeTruthy();
  });

  it("holds no password, session token or cookie value", () => {
    expect(secrets.size).toBeGreaterThan(10);
    for (const secret of secrets) {
      if (secret.includes("@") || secret.includes("%40")) continue; // e-mails: next test
      expect(raw, `the log contains ${secret}`).not.toContain(secret);
    }
  });

  it("holds no e-mail address, neither the ones used nor anything shaped like one", () => {
    for (const secret of secrets) {
      if (!secret.includes("@") && !secret.includes("%40")) continue;
      expect(raw, `the log contains ${secret}`).not.toContain(secret);
    }
    // Generic shape, so an address this scenario did not think of is caught too (paths like
    // node_modules/@fastify/… have no local part before the @).
    expect(raw.match(/[A-Za-z0-9._%+-]+(@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []).toEqual([]);
  });

  it("logs each 5xx with its request id, its route and a cause an operator can act on", () => {
    const urlOf = (line: LogLine) =>
      lines.find((other) => other.reqId === line.reqId && other.msg === "incoming request")?.req?.url;
    const errors = lines.filter((line) => line.level >= 50);
    for (const line of errors) expect(line.reqId, JSON.stringify(line)).toMatch(/^req-/);
    const failures = lines.filter(
      (line) => line.msg === "request completed" && (line.res?.statusCode ?? 0) >= 500,
    );
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      // A bug (500) is an error; an unreachable database (503) is a warning, the health check's 503 the alert.
      const level = failure.res?.statusCode === 503 ? 40 : 50;
      const logged = lines.find((line) => line.reqId === failure.reqId && line.level === level && line.err);
      expect(logged, `no error line for ${urlOf(failure)}`).toBeDefined();
      expect(logged?.err?.message).toEqual(expect.any(String));
      expect(logged?.err?.stack).toMatch(/\n\s+at /);
    }
    expect(failures.map(urlOf).sort()).toEqual(["/api/health", "/api/login"]);
    // The failed query is named, but not its parameters; no database detail and no request body is carried.
    const loginError = errors.find((line) => urlOf(line) === "/api/login");
    // (A sign-in's first query counts the attempt against the rate limit.)
    expect(loginError?.err?.message).toMatch(/^Failed query: insert into "rate_limit_windows"/);
    for (const line of lines) {
      const text = JSON.stringify(line.err ?? {});
      expect(text).not.toMatch(/"(params|detail|body|payload)":/);
      expect(text).not.toMatch(/params:/);
    }
  });

  it("shows the request's path and status, with the query's e-mail and password values redacted", () => {
    const unknown = lines.find(
      (line) => line.msg === "incoming request" && line.req?.url?.startsWith("/api/no-such-thing"),
    );
    expect(unknown?.req?.url).toMatch(/^\/api\/no-such-thing\?/);
    expect(unknown?.req?.url).toContain("email=");
    const search = lines.find(
      (line) => line.msg === "incoming request" && line.req?.url?.startsWith("/api/opportunities"),
    );
    expect(search?.req?.url).toMatch(/^\/api\/opportunities\?search=/);
    const statusesLogged = lines.filter((line) => line.res?.statusCode).map((line) => line.res?.statusCode);
    expect(statusesLogged).toEqual(
      expect.arrayContaining([200, 201, 400, 401, 403, 404, 409, 415, 500, 503]),
    );
  });
});
