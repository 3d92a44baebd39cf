// Hostile input (issue 7): every endpoint of the contract receives generated path parameters, query strings and
// bodies (wrong types, huge, negative and fractional numbers, over-long and unicode text, SQL and HTML fragments,
// extra fields, duplicate keys, malformed JSON, oversized bodies), as the role the endpoint is meant for and with
// real rows behind some of the ids. It must never answer a 5xx, a 4xx must leave every table exactly as it was,
// and markup the API accepts must be stored and returned verbatim (the client renders it as text, see
// src/client/features/opportunities/opportunity-hostile-text.test.tsx).
//
// Replay: SEVA_HOSTILE_SEED=<seed> (fast-check prints the seed of a failure); SEVA_HOSTILE_RUNS=<n> sets the runs
// per endpoint (default 90 on PGlite, 120 on PostgreSQL); SEVA_HOSTILE_SUMMARY=1 prints the statuses per endpoint.

import { certificates, users } from "@server/db/schema";
import { DEFAULT_AUTH_RATE_LIMITS } from "@server/modules/auth/sign-in-limits";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";
import { CallbackQuerySchema } from "@server/modules/sso/sso.routes";
import { createVerificationToken, verificationKeyOf } from "@server/modules/supervision/verification-link";
import { SESSION_COOKIE } from "@server/sessions/session-cookie";
import { createSession } from "@server/sessions/session-store";
import { allEndpoints } from "@shared/contract";
import type { Endpoint } from "@shared/contract/endpoint";
import { SSO_CALLBACK_PATH, SSO_START_PATH } from "@shared/domain/sso";
import { and, eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  as,
  cookieHeader,
  createTestApp,
  createTestUser,
  signIn,
  TEST_APP_CONFIG,
  TEST_DOMAIN,
  type TestContext,
} from "./app";
import {
  type BodySpec,
  bodyArbitrary,
  databaseFingerprint,
  ExistingId,
  fingerprintTables,
  ID_TABLES,
  type IdTable,
  MARKUP_TEXT,
  type PathValue,
  pathValue,
  type QueryPart,
  queryArbitrary,
  RawToken,
  tableForParameter,
  VerificationLink,
} from "./hostile-input-support";
import { startTestProvider, type TestProvider } from "./oidc-provider";
import { type Actor, insertOpportunity, workflow } from "./workflow-helpers";

const SEED = Number(process.env.SEVA_HOSTILE_SEED ?? 7_2024);
const runsPerEndpoint = () =>
  Number(process.env.SEVA_HOSTILE_RUNS ?? (t.database.kind === "postgres" ? 120 : 90));
/** A plausible password costs an argon2 verification (tens of milliseconds): those endpoints get fewer runs. */
const takesPassword = (endpoint: Endpoint) =>
  endpoint.body instanceof z.ZodObject &&
  Object.keys(endpoint.body.shape).some((name) => /password/i.test(name));
const runsFor = (endpoint: Endpoint) =>
  takesPassword(endpoint) ? Math.ceil(runsPerEndpoint() / 3) : runsPerEndpoint();

/**
 * Who sends a request: the admin; the student who owns applications in every state (student endpoints); or a
 * visitor, a student owning nothing, for endpoints any signed-in user may call, where a success may delete the
 * account (replacing a visitor costs a sign-in, not a new set of applications).
 */
type Role = "student" | "visitor" | "admin";
type Caller = Role | "anonymous";

let t: TestContext;
let flow: ReturnType<typeof workflow>;
const actors = {} as Record<Role, Actor>;
let ids: Record<IdTable, number[]>;
/** Every certificate's code: a `:code` parameter names one of them, as `:id` names an existing row. */
let certificateCodes: string[] = [];
/** The fingerprint of the database as it is now; undefined after a success changed it. */
let fingerprint: string | undefined;
/** The caller of the last success, whose session it may have ended. */
let lastCaller: Caller = "anonymous";
const sent: Record<string, Record<string, number>> = {};

beforeAll(async () => {
  // Hostile sign-ins fail by the hundred from one address; the per-IP limit would otherwise refuse the fixtures'
  // own sign-ins with 429, and hostile password changes would meet the per-account limit (the limits have their
  // own tests).
  t = await createTestApp({
    // Mail configured, so 'forgot password' is offered (without it, it answers 503 by configuration).
    mail: true,
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      loginFailuresPerIp: { max: 1_000_000, windowMs: 15 * 60 * 1000 },
      passwordChangeFailuresPerUser: { max: 1_000_000, windowMs: 15 * 60 * 1000 },
    },
  });
  flow = workflow(t.app);
  actors.admin = await newActor("admin");
  actors.student = await newActor("student");
  actors.visitor = await newActor("visitor");
  // Rows that stay: another student's application, a closed and a private opportunity.
  const other = await newActor("student");
  const shared = await insertOpportunity(t.db, actors.admin.id, { title: "Shared opportunity" });
  await flow.accepted(actors.admin, other, shared.id);
  await flow.apply(actors.student, shared.id);
  await insertOpportunity(t.db, actors.admin.id, { title: "Closed opportunity", status: "closed" });
  await insertOpportunity(t.db, actors.admin.id, { title: "Private opportunity", visibility: "private" });
  // Hours waiting for their supervisor (ADR 0038): another student's, for the links a supervisor opens, and the
  // student's own, whose link went over a day ago, so a resend may succeed.
  const supervised = { verification: "supervisor", supervisorEmail: "anita.rao@ngo.example" } as const;
  for (const student of [other, actors.student]) {
    const opportunity = await insertOpportunity(t.db, actors.admin.id, {
      title: "Supervised",
      ...supervised,
    });
    const id = await flow.accepted(actors.admin, student, opportunity.id);
    expect((await flow.submit(student, id, 3)).statusCode).toBe(200);
  }
  await t.db.execute(
    sql`update hour_submissions set verification_sent_at = now() - interval '25 hours'
      where verification_status = 'pending'`,
  );
  await settle();
});
afterAll(async () => {
  if (process.env.SEVA_HOSTILE_SUMMARY) console.info(JSON.stringify(sent, null, 1));
  await t?.close();
});

let knownPasswordHash = "";
async function newActor(role: Role): Promise<Actor> {
  const user = await createTestUser(t.db, { role: role === "admin" ? "admin" : "student" });
  knownPasswordHash = user.passwordHash;
  return { id: user.id, email: user.email, cookie: await signIn(t.app, user.email) };
}

let replacements = 0;
/**
 * A new account for a caller whose account a success deleted. It reuses a known password hash and gets its
 * session directly: two argon2 computations per deleted account would take most of the run.
 */
async function replaceActor(role: Role): Promise<Actor> {
  replacements += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      email: `replacement${replacements}@${TEST_DOMAIN}`,
      passwordHash: knownPasswordHash,
      firstName: "Replacement",
      lastName: String(replacements),
      role: role === "admin" ? "admin" : "student",
    })
    .returning();
  if (!user) throw new Error("no user");
  const { token } = await createSession(t.db, user.id);
  const actor = { id: user.id, email: user.email, cookie: `${SESSION_COOKIE}=${t.app.signCookie(token)}` };
  expect((await as(t.app, actor.cookie, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
  return actor;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The student's application states, how many opportunities they may still apply to, and every id. */
async function loadWorld() {
  const idLists = ID_TABLES.map(
    (table) => sql`(select coalesce(json_agg(id order by id), '[]')::text from ${sql.identifier(table)})`,
  );
  const [row] = await rows<{ statuses: string; open: number; ids: string }>(sql`
    select
      (select coalesce(json_agg(distinct status), '[]')::text from applications where user_id = ${actors.student.id})
        as statuses,
      (select count(*)::int from opportunities o
        where o.status = 'open' and o.visibility = 'public' and not exists
          (select 1 from applications a where a.opportunity_id = o.id and a.user_id = ${actors.student.id})) as open,
      json_build_array(${sql.join(idLists, sql`, `)})::text as ids`);
  if (!row) throw new Error("no world");
  const lists = (JSON.parse(row.ids) as string[]).map((list) => JSON.parse(list) as number[]);
  return {
    statuses: JSON.parse(row.statuses) as string[],
    open: row.open,
    ids: Object.fromEntries(ID_TABLES.map((table, index) => [table, lists[index] ?? []])) as Record<
      IdTable,
      number[]
    >,
  };
}

/**
 * After a success: replaces the caller if the success ended their session (account deleted), puts back what it
 * used up (the student's applications in each state, an opportunity open to them), then reloads the existing
 * ids and the fingerprint.
 */
async function settle(): Promise<void> {
  if (fingerprint !== undefined) return;
  if (lastCaller !== "anonymous") {
    const me = await as(t.app, actors[lastCaller].cookie, { method: "GET", url: "/api/auth/user" });
    if (me.statusCode !== 200) actors[lastCaller] = await replaceActor(lastCaller);
  }
  // A promotion (POST /api/admin/administrators) may have made a student fixture an administrator.
  for (const role of ["student", "visitor"] as const) {
    const [user] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, actors[role].id));
    if (user?.role !== "student") actors[role] = await replaceActor(role);
  }
  const student = actors.student;
  let world = await loadWorld();
  const opportunity = async () => (await insertOpportunity(t.db, actors.admin.id, { title: "Fixture" })).id;
  const missing = ["pending", "accepted", "hours_submitted", "hours_approved"].filter(
    (status) => !world.statuses.includes(status),
  );
  for (const status of missing) {
    if (status === "pending") {
      await flow.apply(student, await opportunity());
      continue;
    }
    const id = await flow.accepted(actors.admin, student, await opportunity());
    if (status === "accepted") continue;
    expect((await flow.submit(student, id, 3)).statusCode).toBe(200);
    if (status === "hours_approved") expect((await flow.approve(actors.admin, id, 20)).statusCode).toBe(200);
  }
  if (world.open === 0) await opportunity();
  if (missing.length > 0 || world.open === 0) world = await loadWorld();
  ids = world.ids;
  // A live certificate of the student, for revoke and verify to meet a real code (a revocation uses it up).
  const live = await t.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(and(eq(certificates.userId, student.id), isNull(certificates.revokedAt)));
  if (live.length === 0) {
    const issued = await as(t.app, student.cookie, {
      method: "POST",
      url: "/api/certificates",
      payload: { scope: "all" },
    });
    expect(issued.statusCode, issued.body).toBe(201);
  }
  certificateCodes = (await t.db.select({ code: certificates.code }).from(certificates)).map(
    (row) => row.code,
  );
  fingerprint = await databaseFingerprint(t.db);
}

function existing(id: ExistingId, impliedTable: IdTable): number {
  const candidates = ids[id.table ?? impliedTable];
  return candidates.length > 0 ? (candidates[id.pick % candidates.length] as number) : 1 + (id.pick % 20);
}

/** JSON text of a generated value; keys may repeat, numbers may be tokens JSON.stringify cannot write. */
const VERIFICATION_KEY = verificationKeyOf(TEST_APP_CONFIG.sessionSecret);

function toJson(value: unknown, key: string, path: string): string {
  if (value instanceof RawToken) return value.text;
  if (value instanceof VerificationLink) {
    const submission = existing(new ExistingId("hour_submissions", value.pick), "hour_submissions");
    const sentAt = value.expired ? new Date(Date.now() - 15 * 86_400_000) : new Date();
    return JSON.stringify(createVerificationToken(VERIFICATION_KEY, submission, sentAt));
  }
  if (value instanceof ExistingId) return String(existing(value, tableForParameter(key, path)));
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item, key, path)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(
      ([name, item]) => `${JSON.stringify(name)}:${toJson(item, name, path)}`,
    );
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function payloadOf(body: BodySpec, path: string): { payload?: string; contentType?: string } {
  switch (body.kind) {
    case "none":
      return {};
    case "raw":
      return { payload: body.text, contentType: body.contentType };
    case "value":
      return { payload: toJson(body.value, "", path), contentType: body.contentType };
    case "entries": {
      const members = body.entries.map(
        ([name, item]) => `${JSON.stringify(name)}:${toJson(item, name, path)}`,
      );
      return { payload: `{${members.join(",")}}`, contentType: body.contentType };
    }
  }
}

interface HostileRequest {
  caller: Caller;
  /** A made-up session cookie an anonymous caller sends; null for none. */
  cookie: string | null;
  path: PathValue[];
  query: QueryPart[];
  body: BodySpec;
  origin: string | null;
}

function urlOf(endpoint: Endpoint, request: HostileRequest): string {
  let index = 0;
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = request.path[index++] ?? "1";
    if (value instanceof ExistingId && name === "code") {
      return certificateCodes[value.pick % certificateCodes.length] ?? "A".repeat(26);
    }
    return value instanceof ExistingId
      ? String(existing(value, tableForParameter(name, endpoint.path)))
      : value;
  });
  const query = request.query.map(([name, value]) => {
    if (value === undefined) return name;
    const text = value instanceof ExistingId ? String(existing(value, tableForParameter(name, ""))) : value;
    return `${name}=${text}`;
  });
  return query.length > 0 ? `${path}?${query.join("&")}` : path;
}

const FORGED_COOKIES = [
  `${SESSION_COOKIE}=%E0%A4%A`,
  `${SESSION_COOKIE}=${"a".repeat(4000)}`,
  `${SESSION_COOKIE}=s%3Aforged-token.forged-signature`,
  `${SESSION_COOKIE}=x; ${SESSION_COOKIE}=y`,
  SESSION_COOKIE,
  "=;=;;",
];

function callersFor(endpoint: Endpoint): fc.Arbitrary<Caller> {
  switch (endpoint.access) {
    case "public":
      return fc.constant("anonymous");
    case "signedIn":
      return fc.constantFrom("visitor", "admin");
    default:
      return fc.constant(endpoint.access);
  }
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<HostileRequest> {
  const emails = [actors.student.email, actors.visitor.email, actors.admin.email];
  const parameters = endpoint.path.match(/:[A-Za-z]+/g) ?? [];
  const body = endpoint.body
    ? bodyArbitrary(endpoint.body, emails)
    : endpoint.method === "GET"
      ? fc.constant<BodySpec>({ kind: "none" })
      : fc.oneof(fc.constant<BodySpec>({ kind: "none" }), bodyArbitrary(undefined, emails));
  return fc.record({
    caller: callersFor(endpoint),
    cookie: fc.oneof(
      { weight: 8, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...FORGED_COOKIES) },
    ),
    path: fc.tuple(...parameters.map(() => pathValue)),
    query: queryArbitrary(endpoint.query, emails),
    body,
    // Now and then a cross-site Origin, which a state-changing endpoint refuses before anything else.
    origin: fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom("https://evil.example", "null", "http://localhost:80") },
    ),
  });
}

function changedTables(before: string, after: string): string {
  const parts = (text: string) => new Map(text.split(",").map((part) => [fingerprintTables(part)[0], part]));
  const old = parts(before);
  return [...parts(after)]
    .filter(([name, part]) => old.get(name) !== part)
    .map(([name]) => name)
    .join(", ");
}

function record(endpoint: Endpoint, status: number) {
  const key = `${endpoint.method} ${endpoint.path}`;
  sent[key] ??= {};
  const statusKey = String(status);
  sent[key][statusKey] = (sent[key][statusKey] ?? 0) + 1;
}

async function sendHostile(endpoint: Endpoint, request: HostileRequest): Promise<void> {
  await settle();
  const before = fingerprint as string;
  const url = urlOf(endpoint, request);
  const { payload, contentType } = payloadOf(request.body, endpoint.path);
  const headers: Record<string, string> = {};
  const cookie = request.caller === "anonymous" ? request.cookie : actors[request.caller].cookie;
  if (cookie !== null) headers.cookie = cookie;
  if (contentType !== undefined) headers["content-type"] = contentType;
  if (request.origin !== null) headers.origin = request.origin;
  const response: LightMyRequestResponse = await t.app.inject({
    method: endpoint.method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  const status = response.statusCode;
  record(endpoint, status);
  const what = [
    `${endpoint.method} ${url.slice(0, 300)} as ${request.caller}`,
    `with ${(payload ?? "").slice(0, 300)}`,
    `→ ${status} ${response.body.slice(0, 300)}`,
  ].join(" ");
  if (status < 400 || status >= 500) {
    lastCaller = request.caller;
    // A read leaves the fixtures as they were: only the fingerprint is taken again, in case it wrote anyway.
    fingerprint = endpoint.method === "GET" && status < 400 ? await databaseFingerprint(t.db) : undefined;
  }
  expect(status, what).toBeLessThan(500);
  if (status < 400) return;
  const after = await databaseFingerprint(t.db);
  // Taken again before failing, so that fast-check's shrinking runs compare against the database as it is.
  if (after !== before) fingerprint = undefined;
  expect(after === before, `${what}\nchanged: ${changedTables(before, after)}`).toBe(true);
  expect(response.headers["content-type"], what).toMatch(/^application\/json/);
  expect(typeof response.json().message, what).toBe("string");
}

const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path} (${endpoint.access})`;

describe("hostile input to every endpoint", () => {
  it("fingerprints every table, and any committed write changes the fingerprint", async () => {
    const before = await databaseFingerprint(t.db);
    expect(fingerprintTables(before)).toEqual(
      expect.arrayContaining(["users", "sessions", "opportunities", "applications", "hour_submissions"]),
    );
    expect(fingerprintTables(before)).toEqual(
      expect.arrayContaining(["coin_ledger", "badges", "user_badges"]),
    );
    // Writing a value that is already there is still a write.
    await t.db.execute(sql`update users set first_name = first_name where id = ${actors.student.id}`);
    const afterUpdate = await databaseFingerprint(t.db);
    expect(changedTables(before, afterUpdate)).toBe("users");
    const [badge] = await rows<{ id: number }>(sql`select id from badges order by id desc limit 1`);
    await t.db.execute(sql`delete from badges where id = ${badge?.id}`);
    expect(changedTables(afterUpdate, await databaseFingerprint(t.db))).toBe("badges");
    fingerprint = undefined;
  });

  it.each(allEndpoints.map((endpoint) => [label(endpoint), endpoint] as const))(
    "%s: never a 5xx, and a 4xx writes nothing",
    async (_, endpoint) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint), (request) => sendHostile(endpoint, request)),
        { seed: SEED, numRuns: runsFor(endpoint) },
      );
    },
  );

  it("sent thousands of requests that reached every layer, and the ledger still balances", async () => {
    const count = (keep: (endpoint: string, status: string) => boolean) =>
      Object.entries(sent).reduce(
        (sum, [endpoint, byStatus]) =>
          sum +
          Object.entries(byStatus)
            .filter(([status]) => keep(endpoint, status))
            .reduce((subtotal, [, n]) => subtotal + n, 0),
        0,
      );
    expect(count(() => true)).toBe(allEndpoints.reduce((sum, endpoint) => sum + runsFor(endpoint), 0));
    for (const status of ["200", "201", "400", "403", "404", "409", "413", "415"]) {
      expect(
        count((_, seen) => seen === status),
        `no ${status}`,
      ).toBeGreaterThan(0);
    }
    // Inputs that never got past the guard or the validation would prove little: a fair share succeeds.
    const isRead = (endpoint: string) => endpoint.startsWith("GET ");
    const isSuccess = (status: string) => Number(status) < 400;
    const reads = count((endpoint) => isRead(endpoint));
    const writes = count((endpoint) => !isRead(endpoint));
    expect(count((endpoint, status) => isRead(endpoint) && isSuccess(status)) / reads).toBeGreaterThan(0.3);
    expect(count((endpoint, status) => !isRead(endpoint) && isSuccess(status)) / writes).toBeGreaterThan(
      0.08,
    );
    await settle();
    expect(await findLedgerProblems(t.db)).toEqual([]);
  });
});

describe("markup in accepted text", () => {
  it("is stored and returned verbatim, as JSON that a browser will not sniff as HTML", async () => {
    await settle();
    const [title, shortDescription, fullDescription, location] = MARKUP_TEXT;
    const created = await as(t.app, actors.admin.cookie, {
      method: "POST",
      url: "/api/opportunities",
      payload: { title, shortDescription, fullDescription, location, schedule: MARKUP_TEXT[4] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers["content-type"]).toMatch(/^application\/json/);
    expect(created.headers["x-content-type-options"]).toBe("nosniff");
    const detail = await as(t.app, actors.student.cookie, {
      method: "GET",
      url: `/api/opportunities/${created.json().id}`,
    });
    expect(detail.json()).toMatchObject({
      title,
      shortDescription,
      fullDescription,
      location,
      schedule: MARKUP_TEXT[4],
    });

    const profile = await as(t.app, actors.student.cookie, {
      method: "PATCH",
      url: "/api/auth/user",
      payload: { firstName: MARKUP_TEXT[2], lastName: MARKUP_TEXT[1] },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const me = await as(t.app, actors.student.cookie, { method: "GET", url: "/api/auth/user" });
    expect(me.json()).toMatchObject({ firstName: MARKUP_TEXT[2], lastName: MARKUP_TEXT[1] });

    // Hours carry no text of the student's; the admin's feedback and notes on them are returned the same way.
    const applicationId = await flow.accepted(actors.admin, actors.student, created.json().id);
    expect((await flow.submit(actors.student, applicationId, 2)).statusCode).toBe(200);
    const rejected = await flow.reject(actors.admin, applicationId, MARKUP_TEXT[0]);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const hours = await as(t.app, actors.student.cookie, {
      method: "GET",
      url: `/api/applications/${applicationId}/hours`,
    });
    expect(hours.json()).toEqual([expect.objectContaining({ status: "rejected", feedback: MARKUP_TEXT[0] })]);
  });
});

// The institution's sign-in callback sits outside the contract (sso/sso.routes.ts) and takes whatever query a
// browser brings back from the provider, or an attacker makes up: garbage, huge and repeated values, a forged or
// real state cookie, a real state now and then. It answers a redirect to the refusal page (a 400 only for a NUL,
// refused before any route), never a 5xx, and signs nobody in: no account, link, session or mail is written (the
// sign-ins begun for the test are the one table that moves, as a callback with their state uses them up).
describe("hostile input to the institution's sign-in callback", () => {
  let provider: TestProvider;
  let sso: TestContext;
  const redirectUri = `http://localhost:3000${SSO_CALLBACK_PATH}`;

  beforeAll(async () => {
    provider = await startTestProvider({
      clientId: "hostile",
      clientSecret: "hostile-secret",
      redirectUris: [redirectUri],
    });
    sso = await createTestApp({
      sso: {
        issuer: provider.issuer,
        clientId: "hostile",
        clientSecret: "hostile-secret",
        displayName: "Hostile Provider",
        adminGroup: undefined,
        groupsClaim: "groups",
        redirectUri,
      },
    });
  });
  afterAll(async () => {
    await sso?.close();
    await provider?.close();
  });

  const withoutSignIns = async () =>
    (await databaseFingerprint(sso.db))
      .split(",")
      .filter((part) => !part.startsWith("sso_sign_ins:"))
      .join(",");

  const cookieArbitrary = fc.oneof(
    fc.constant<"none" | "real" | string>("none"),
    fc.constant("real"),
    fc.constantFrom(
      "seva_sso=forged",
      `seva_sso=${"s".repeat(5000)}`,
      "seva_sso=a; seva_sso=b",
      "seva_sso=%E0%A4%A",
    ),
  );

  it("never answers a 5xx, refuses with a redirect, and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        queryArbitrary(CallbackQuerySchema, []),
        cookieArbitrary,
        fc.boolean(),
        fc.constantFrom("", `&code=${"c".repeat(3000)}`, "&state=a&state=b", "&error=access_denied&error=x"),
        async (query, cookieKind, withRealState, extra) => {
          let cookie = cookieKind === "none" ? undefined : cookieKind;
          let realState: string | undefined;
          if (cookieKind === "real") {
            const start = await sso.app.inject({ method: "GET", url: SSO_START_PATH });
            cookie = cookieHeader(start);
            realState = new URL(String(start.headers.location)).searchParams.get("state") ?? undefined;
          }
          const parts = query.map(([name, value]) =>
            value === undefined ? name : `${name}=${String(value)}`,
          );
          if (withRealState && realState) parts.push(`state=${realState}`);
          const url = `${SSO_CALLBACK_PATH}?${parts.join("&")}${extra}`;
          const before = await withoutSignIns();
          const response = await sso.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
          const what = `GET ${url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          if (response.statusCode === 400) {
            expect(response.json().message, what).toBe("Text may not contain NUL characters");
          } else {
            expect(response.statusCode, what).toBe(302);
            expect(String(response.headers.location), what).toMatch(/^\/sign-in\/refused\?reason=[a-z]+$/);
          }
          expect(await withoutSignIns(), what).toBe(before);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("answers the start and the callback with a redirect, whatever repeated or huge query they get", async () => {
    for (const url of [
      `${SSO_START_PATH}?x=${"y".repeat(10_000)}&x=z`,
      `${SSO_CALLBACK_PATH}?code=a&code=b&state=c`,
      `${SSO_CALLBACK_PATH}?state=${"s".repeat(2049)}&code=a`,
    ]) {
      const response = await sso.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
    }
  });
});
