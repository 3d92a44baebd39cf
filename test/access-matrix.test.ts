// Walks the whole contract: every endpoint has a declared row of exact statuses for four callers (anonymous,
// the owner student A, another student B, an admin), including ownership and private opportunities. An
// endpoint without a row (or a row without an endpoint) fails the build, so a new endpoint forces a decision.

import {
  applications,
  certificates,
  hourSubmissions,
  mailOutbox,
  notificationPreferences,
  notifications,
  users,
  waitlistEntries,
} from "@server/db/schema";
import { createUnsubscribeToken } from "@server/mail/unsubscribe-token";
import { createVerificationToken, verificationKeyOf } from "@server/modules/supervision/verification-link";
import { allEndpoints } from "@shared/contract";
import { buildPath, type Endpoint } from "@shared/contract/endpoint";
import { SSO_CALLBACK_PATH, SSO_REFUSED_PATH, SSO_START_PATH } from "@shared/domain/sso";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  as,
  createTestApp,
  createTestUser,
  resetLinkTokenFor,
  TEST_APP_CONFIG,
  TEST_DOMAIN,
  TEST_PASSWORD,
  type TestContext,
} from "./app";

const TEST_SESSION_SECRET = TEST_APP_CONFIG.sessionSecret;

import { hoursBody } from "./hours-body";
import { type Actor, insertOpportunity, newActor, workflow } from "./workflow-helpers";

const CALLERS = ["anonymous", "owner", "other", "admin"] as const;
type Caller = (typeof CALLERS)[number];

interface CallContext {
  caller: Caller;
  /** Who sends the request; null for the anonymous caller. A fresh user when the row asks for one. */
  me: Actor | null;
}

interface Call {
  params?: Record<string, number | string>;
  query?: Record<string, string>;
  body?: object;
}

interface Row {
  /** Exact statuses for [anonymous, owner student A, other student B, admin]. */
  expect: readonly [number, number, number, number];
  /** Builds the call anew for every caller, so a state-changing call always meets a fresh fixture. */
  call: (context: CallContext) => Call | Promise<Call>;
  /** The call ends, replaces or deletes the caller's session or account: every caller is a fresh user. */
  freshCallers?: boolean;
  /** Further assertions on a 2xx answer (what the caller may see). */
  check?: (caller: Caller, response: LightMyRequestResponse) => void | Promise<void>;
  /** For an endpoint with path parameters: statuses for [A, admin] when every id names no row. */
  missing?: readonly [number, number];
}

const MISSING_ID = 99_999_999;

let t: TestContext;
let admin: Actor;
let studentA: Actor;
let studentB: Actor;
let publicOpportunityId: number;
let privateOpportunityId: number;
/** The private opportunity's share-link secret, which only admins may receive. */
let privateShareToken: string;
/** A's application to the public opportunity: 3 hours approved, then 2 more under review. */
let applicationOfA: number;
/** A's application to the private opportunity, with 4 hours approved. */
let privateApplicationOfA: number;
let flow: ReturnType<typeof workflow>;

beforeAll(async () => {
  t = await createTestApp({ mail: true });
  flow = workflow(t.app);
  [admin, studentA, studentB] = [
    await newActor(t.app, t.db, "admin"),
    await newActor(t.app, t.db),
    await newActor(t.app, t.db),
  ];
  publicOpportunityId = (await insertOpportunity(t.db, admin.id)).id;
  ({ id: privateOpportunityId, shareToken: privateShareToken } = await insertOpportunity(t.db, admin.id, {
    visibility: "private",
  }));

  applicationOfA = await flow.accepted(admin, studentA, publicOpportunityId);
  expect((await flow.submit(studentA, applicationOfA, 3)).statusCode).toBe(200);
  expect((await flow.approve(admin, applicationOfA, 30)).statusCode).toBe(200);
  expect((await flow.submit(studentA, applicationOfA, 2)).statusCode).toBe(200);

  // Approved hours on the private opportunity, so the progress list has something to hide.
  privateApplicationOfA = await flow.accepted(admin, studentA, privateOpportunityId, privateShareToken);
  expect((await flow.submit(studentA, privateApplicationOfA, 4)).statusCode).toBe(200);
  expect((await flow.approve(admin, privateApplicationOfA, 40)).statusCode).toBe(200);
});
afterAll(() => t?.close());

/** The ids of a person's notifications as they are now. */
async function notificationIdsOf(userId: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.map((row) => row.id);
}

/** The notification of A another caller just tried to mark. */
let pendingForeignMark = 0;

/** An unread notification of A; A's own call marks it, so each call takes the next one. */
async function unreadNotificationOfA(): Promise<number> {
  const [row] = await t.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, studentA.id), isNull(notifications.readAt)))
    .orderBy(notifications.id)
    .limit(1);
  return row?.id ?? MISSING_ID;
}

/** A new certificate of A (all A's approved service), issued through the API. */
async function freshCertificateOfA(): Promise<string> {
  const response = await as(t.app, studentA.cookie, {
    method: "POST",
    url: "/api/certificates",
    payload: { scope: "all" },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code;
}

let sharedCertificateOfA: string | undefined;
/** One certificate of A, issued once and never revoked. */
async function certificateOfA(): Promise<string> {
  sharedCertificateOfA ??= await freshCertificateOfA();
  return sharedCertificateOfA;
}

async function certificateCodesOf(userId: number): Promise<string[]> {
  const rows = await t.db
    .select({ code: certificates.code })
    .from(certificates)
    .where(eq(certificates.userId, userId));
  return rows.map((row) => row.code);
}

/** A new open public opportunity. */
const freshOpportunity = async () => (await insertOpportunity(t.db, admin.id)).id;

/** A new application of A to a new opportunity, brought to the given state through the API. */
async function freshApplicationOfA(state: "pending" | "accepted" | "hours_submitted"): Promise<number> {
  const opportunityId = await freshOpportunity();
  if (state === "pending") return flow.apply(studentA, opportunityId);
  const id = await flow.accepted(admin, studentA, opportunityId);
  if (state === "hours_submitted") expect((await flow.submit(studentA, id, 5)).statusCode).toBe(200);
  return id;
}

const VERIFICATION_KEY = verificationKeyOf(TEST_SESSION_SECRET);

/** Hours of A under review on a new opportunity whose supervisor verifies them (the link already e-mailed). */
async function supervisedSubmissionOfA(): Promise<{ applicationId: number; submissionId: number }> {
  const opportunityId = (
    await insertOpportunity(t.db, admin.id, {
      verification: "supervisor",
      supervisorName: "Anita Rao",
      supervisorEmail: "anita.rao@ngo.example",
    })
  ).id;
  const applicationId = await flow.accepted(admin, studentA, opportunityId);
  expect((await flow.submit(studentA, applicationId, 3)).statusCode).toBe(200);
  const [submission] = await t.db
    .select({ id: hourSubmissions.id })
    .from(hourSubmissions)
    .where(eq(hourSubmissions.applicationId, applicationId));
  return { applicationId, submissionId: submission?.id ?? MISSING_ID };
}

/**
 * A new open opportunity, full: one place, held by a fresh student's application. With `a`, A is in its line,
 * waiting or (with a second place held for the offer) offered a place until tomorrow.
 */
async function fullOpportunity(a?: "waiting" | "offered"): Promise<number> {
  const holder = await createTestUser(t.db);
  const id = (await insertOpportunity(t.db, admin.id, { capacity: a === "offered" ? 2 : 1 })).id;
  await t.db.insert(applications).values({ userId: holder.id, opportunityId: id });
  if (a === "waiting") await t.db.insert(waitlistEntries).values({ opportunityId: id, userId: studentA.id });
  if (a === "offered") {
    const offerExpiresAt = new Date(Date.now() + 86_400_000);
    await t.db.insert(waitlistEntries).values({
      opportunityId: id,
      userId: studentA.id,
      status: "offered",
      offeredAt: new Date(),
      offerExpiresAt,
    });
  }
  return id;
}

/** The opportunity in whose line A was put last. */
let lineOfA = 0;

let emailCounter = 0;
const freshEmail = () => `matrix${++emailCounter}.${Date.now()}@${TEST_DOMAIN}`;

const opportunityInput = {
  title: "Access matrix tutoring",
  shortDescription: "Tutor school children",
  fullDescription: "Weekly tutoring sessions for school children near campus.",
};

const ids = (response: LightMyRequestResponse): number[] =>
  (response.json() as { id: number }[]).map((row) => row.id);

const SIGNED_IN_OK = [401, 200, 200, 200] as const;
const ADMIN_ONLY = [401, 403, 403, 200] as const;

/** Every endpoint of the contract, keyed by `${method} ${path}`. */
const MATRIX: Record<string, Row> = {
  "GET /api/health": { expect: [200, 200, 200, 200], call: () => ({}) },

  "GET /api/auth/user": {
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (caller, response) => {
      const expectedId = { owner: studentA.id, other: studentB.id, admin: admin.id }[caller as "owner"];
      expect(response.json().id).toBe(expectedId);
    },
  },
  "POST /api/register": {
    // Public: signing up while signed in creates another student account, and never an admin.
    expect: [201, 201, 201, 201],
    call: () => ({ body: { email: freshEmail(), firstName: "New", lastName: "Student", program: "PGP" } }),
  },
  "POST /api/login": {
    expect: [200, 200, 200, 200],
    freshCallers: true,
    call: async ({ me }) => ({
      body: { email: me?.email ?? (await createTestUser(t.db)).email, password: TEST_PASSWORD },
    }),
  },
  "POST /api/logout": { expect: [200, 200, 200, 200], freshCallers: true, call: () => ({}) },
  "DELETE /api/auth/account": { expect: [401, 200, 200, 200], freshCallers: true, call: () => ({}) },
  "GET /api/auth/export": {
    // Everyone downloads their own data, never anyone else's.
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (caller, response) => {
      const expectedId = { owner: studentA.id, other: studentB.id, admin: admin.id }[caller as "owner"];
      expect(response.json().account.id).toBe(expectedId);
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="seva-my-data-/);
    },
  },
  "POST /api/auth/password": {
    expect: [401, 200, 200, 200],
    freshCallers: true,
    call: () => ({ body: { currentPassword: TEST_PASSWORD, newPassword: "another-good-password" } }),
  },
  "POST /api/auth/password/skip": {
    // Allowed once per temporary password: every caller is a fresh user whose password someone else set.
    expect: [401, 200, 200, 200],
    freshCallers: true,
    call: async ({ me }) => {
      if (me) await t.db.update(users).set({ passwordIsTemporary: true }).where(eq(users.id, me.id));
      return {};
    },
    check: (_caller, response) => expect(response.json().passwordPrompt).toBe("none"),
  },
  "PATCH /api/auth/user": {
    expect: [401, 200, 200, 200],
    freshCallers: true,
    call: () => ({ body: { firstName: "Renamed", anonymizeLeaderboard: true } }),
  },

  "GET /api/auth/options": {
    expect: [200, 200, 200, 200],
    call: () => ({}),
    check: (_, response) =>
      expect(response.json()).toEqual({
        registration: "unverified",
        passwordReset: true,
        passwordLogin: true,
        sso: null,
        emailDomains: TEST_APP_CONFIG.allowedEmailDomains,
      }),
  },
  "POST /api/auth/forgot-password": {
    // Public, and the same for anybody: the caller's own address or another's.
    expect: [200, 200, 200, 200],
    call: async ({ me }) => ({ body: { email: me?.email ?? (await createTestUser(t.db)).email } }),
  },
  "POST /api/auth/reset-password/check": {
    // Whoever holds the link: the e-mail is what proves the right to it, not a session.
    expect: [200, 200, 200, 200],
    call: async () => {
      const owner = await createTestUser(t.db);
      return { body: { token: await resetLinkTokenFor(t.db, owner.email) } };
    },
    check: (_, response) => expect(response.json().email).toMatch(/@/),
  },
  "POST /api/auth/reset-password": {
    expect: [200, 200, 200, 200],
    freshCallers: true,
    call: async () => {
      const owner = await createTestUser(t.db);
      const token = await resetLinkTokenFor(t.db, owner.email);
      return { body: { token, newPassword: "a-brand-new-password" } };
    },
  },

  "GET /api/opportunities": {
    expect: SIGNED_IN_OK,
    call: () => ({ query: { limit: "100" } }),
    check: (_, response) => {
      const listed = (response.json().opportunities as { id: number }[]).map((row) => row.id);
      // The feed lists open public opportunities only, for everyone, admins included.
      expect(listed).toContain(publicOpportunityId);
      expect(listed).not.toContain(privateOpportunityId);
    },
  },
  "GET /api/opportunities/:id": {
    // A private opportunity by its bare id: A applied to it, B has neither its link nor an application, so B is
    // told it does not exist. Only the viewer's own application shows; only the admin gets the share token.
    expect: [401, 200, 404, 200],
    call: () => ({ params: { id: privateOpportunityId } }),
    check: (caller, response) => {
      expect(response.json().id).toBe(privateOpportunityId);
      const own = response.json().viewerApplication;
      if (caller === "owner") expect(own).toEqual({ id: privateApplicationOfA, status: "hours_approved" });
      else expect(own).toBeNull();
      expect(response.json().shareToken).toBe(caller === "admin" ? privateShareToken : null);
    },
    missing: [404, 404],
  },
  "POST /api/opportunities": { expect: [401, 403, 403, 201], call: () => ({ body: opportunityInput }) },
  "PUT /api/opportunities/:id": {
    expect: ADMIN_ONLY,
    call: async () => ({ params: { id: await freshOpportunity() }, body: opportunityInput }),
    missing: [403, 404],
  },
  "PATCH /api/opportunities/:id/close": {
    expect: ADMIN_ONLY,
    call: async () => ({ params: { id: await freshOpportunity() } }),
    missing: [403, 404],
  },
  "DELETE /api/opportunities/:id": {
    expect: ADMIN_ONLY,
    call: async () => ({ params: { id: await freshOpportunity() } }),
    missing: [403, 404],
  },
  "GET /api/admin/opportunities": {
    expect: ADMIN_ONLY,
    call: () => ({}),
    check: (_, response) => expect(ids(response)).toContain(privateOpportunityId),
  },
  "GET /api/opportunity-progress": {
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (caller, response) => {
      // Students never learn anything about a private opportunity from the progress list; admins do.
      if (caller === "admin") expect(ids(response)).toContain(privateOpportunityId);
      else expect(ids(response)).not.toContain(privateOpportunityId);
      expect(ids(response)).toContain(publicOpportunityId);
    },
  },

  "POST /api/applications": {
    expect: [401, 201, 201, 403],
    call: async () => ({ body: { opportunityId: await freshOpportunity() } }),
  },
  "GET /api/applications/user/:userId": {
    expect: [401, 200, 403, 200],
    call: () => ({ params: { userId: studentA.id } }),
    check: (_, response) => expect(ids(response)).toContain(applicationOfA),
    missing: [403, 404],
  },
  "GET /api/applications/opportunity/:opportunityId": {
    expect: ADMIN_ONLY,
    call: () => ({ params: { opportunityId: publicOpportunityId } }),
    check: (_, response) => expect(ids(response)).toContain(applicationOfA),
    missing: [403, 404],
  },
  "GET /api/admin/applications": { expect: ADMIN_ONLY, call: () => ({}) },
  "PUT /api/applications/:id/status": {
    expect: ADMIN_ONLY,
    call: async () => ({
      params: { id: await freshApplicationOfA("pending") },
      body: { status: "accepted", notes: "Welcome aboard" },
    }),
    missing: [403, 404],
  },
  "POST /api/applications/:id/withdraw": {
    // Only the owner withdraws; another student is refused (as for hours), an admin by role.
    expect: [401, 200, 403, 403],
    call: async () => ({ params: { id: await freshApplicationOfA("pending") } }),
    check: (_, response) => expect(response.json().status).toBe("withdrawn"),
    missing: [404, 403],
  },

  // Waiting lists: each student acts on their own place in line; another student has none to leave or take.
  "POST /api/opportunities/:id/waitlist": {
    expect: [401, 201, 201, 403],
    call: async () => ({ params: { id: await fullOpportunity() }, body: {} }),
    check: (_, response) => expect(response.json()).toMatchObject({ status: "waiting", position: 1 }),
    missing: [404, 403],
  },
  "DELETE /api/opportunities/:id/waitlist": {
    expect: [401, 200, 404, 403],
    call: async () => ({ params: { id: await fullOpportunity("waiting") } }),
    missing: [404, 403],
  },
  "POST /api/opportunities/:id/waitlist/accept-offer": {
    expect: [401, 201, 404, 403],
    call: async () => ({ params: { id: await fullOpportunity("offered") } }),
    check: (_, response) => expect(response.json()).toMatchObject({ userId: studentA.id, status: "pending" }),
    missing: [404, 403],
  },
  "GET /api/waitlist": {
    expect: [401, 200, 200, 403],
    call: async () => {
      lineOfA = await fullOpportunity("waiting");
      return {};
    },
    check: (caller, response) => {
      // A sees the line just joined; B, in other lines of their own, never sees A's.
      const lines = (response.json() as { opportunityId: number }[]).map((entry) => entry.opportunityId);
      expect(lines.includes(lineOfA)).toBe(caller === "owner");
    },
  },
  "GET /api/admin/opportunities/:id/waitlist": {
    expect: ADMIN_ONLY,
    call: async () => ({ params: { id: await fullOpportunity("waiting") } }),
    check: (_, response) => expect(response.json()[0].user.email).toBe(studentA.email),
    missing: [403, 404],
  },

  "PATCH /api/applications/:id/submit-hours": {
    // Only the owner may submit hours for an application; another student is refused, not told it is absent.
    expect: [401, 200, 403, 403],
    call: async () => ({ params: { id: await freshApplicationOfA("accepted") }, body: hoursBody(4) }),
    missing: [404, 403],
  },
  "POST /api/applications/:id/approve-hours": {
    expect: ADMIN_ONLY,
    call: async () => ({
      params: { id: await freshApplicationOfA("hours_submitted") },
      body: { coinsAwarded: 20 },
    }),
    missing: [403, 404],
  },
  "POST /api/applications/:id/reject-hours": {
    expect: ADMIN_ONLY,
    call: async () => ({
      params: { id: await freshApplicationOfA("hours_submitted") },
      body: { feedback: "Please split the hours by week" },
    }),
    missing: [403, 404],
  },
  "GET /api/applications/:id/hours": {
    expect: [401, 200, 403, 200],
    call: () => ({ params: { id: applicationOfA } }),
    check: (_, response) => expect(response.json()).toHaveLength(2),
    missing: [404, 404],
  },
  "POST /api/applications/:id/hours/resend-verification": {
    // Only the student whose hours wait for their supervisor; an admin is not a student.
    expect: [401, 200, 403, 403],
    call: async () => {
      const { applicationId, submissionId } = await supervisedSubmissionOfA();
      // The last link went over a day ago, so the resend is allowed.
      await t.db
        .update(hourSubmissions)
        .set({ verificationSentAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(hourSubmissions.id, submissionId));
      return { params: { id: applicationId } };
    },
    missing: [404, 403],
  },

  "POST /api/supervision/check": {
    // Public: whoever holds the e-mailed link, signed in or not.
    expect: [200, 200, 200, 200],
    call: async () => ({
      body: {
        token: createVerificationToken(VERIFICATION_KEY, (await supervisedSubmissionOfA()).submissionId),
      },
    }),
    check: (_, response) => expect(response.json().state).toBe("open"),
  },
  "POST /api/supervision/decide": {
    expect: [200, 200, 200, 200],
    call: async () => ({
      body: {
        token: createVerificationToken(VERIFICATION_KEY, (await supervisedSubmissionOfA()).submissionId),
        decision: "confirm",
      },
    }),
  },

  "GET /api/applications/:id/timeline": {
    // Like the hours: the student and every admin; another student is refused.
    expect: [401, 200, 403, 200],
    call: () => ({ params: { id: applicationOfA } }),
    check: (_, response) => expect(response.json()[0]).toMatchObject({ kind: "applied", actor: "student" }),
    missing: [404, 404],
  },

  "GET /api/badges": { expect: SIGNED_IN_OK, call: () => ({}) },
  "GET /api/badges/user/:userId": {
    expect: [401, 200, 403, 200],
    call: () => ({ params: { userId: studentA.id } }),
    missing: [403, 404],
  },

  "GET /api/leaderboard": {
    // Filtered by the private opportunity: B, who did not apply to it, gets the empty ranking of an unknown id.
    expect: SIGNED_IN_OK,
    call: () => ({ query: { opportunityId: String(privateOpportunityId) } }),
    check: (caller, response) => {
      if (caller === "other") expect(response.json()).toEqual([]);
      else expect(response.json().map((entry: { id: number }) => entry.id)).toEqual([studentA.id]);
    },
  },
  "GET /api/leaderboard/me": {
    expect: [401, 200, 200, 403],
    call: () => ({ query: { opportunityId: String(privateOpportunityId) } }),
    check: (caller, response) =>
      expect(response.json()).toMatchObject(
        caller === "owner" ? { rank: 1, coins: 40 } : { rank: null, coins: 0, rankedStudents: 0 },
      ),
  },
  "GET /api/leaderboard/activities": {
    // The picker offers the private opportunity to A (who applied) and the admin, never to B.
    expect: SIGNED_IN_OK,
    call: () => ({ query: { limit: "50" } }),
    check: (caller, response) => {
      const offered = ids(response);
      expect(offered).toContain(publicOpportunityId);
      if (caller === "other") expect(offered).not.toContain(privateOpportunityId);
      else expect(offered).toContain(privateOpportunityId);
      expect(Number(response.headers["x-total-count"])).toBeGreaterThanOrEqual(offered.length);
    },
  },
  "GET /api/community/impact": { expect: SIGNED_IN_OK, call: () => ({}) },

  // Notifications are each person's own: a list, a count and marking read never reach another's.
  "GET /api/notifications": {
    expect: SIGNED_IN_OK,
    call: () => ({ query: { limit: "50" } }),
    check: async (caller, response) => {
      const seen = ids(response);
      const ofA = await notificationIdsOf(studentA.id);
      if (caller === "owner") expect(seen.length > 0 && seen.every((id) => ofA.includes(id))).toBe(true);
      else expect(seen.some((id) => ofA.includes(id))).toBe(false);
    },
  },
  "GET /api/notifications/unread-count": { expect: SIGNED_IN_OK, call: () => ({}) },
  "POST /api/notifications/:id/read": {
    // Anyone may ask; only the owner's own notification is marked, and nobody learns whose an id is.
    expect: SIGNED_IN_OK,
    call: async (context) => {
      const id = await unreadNotificationOfA();
      if (context.caller !== "owner") pendingForeignMark = id;
      return { params: { id } };
    },
    check: async (caller) => {
      // Another's call left A's notification unread.
      if (caller !== "owner") expect(await unreadNotificationOfA()).toBe(pendingForeignMark);
    },
    missing: [200, 200],
  },
  "POST /api/notifications/read-all": {
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (_, response) => expect(response.json()).toEqual({ unread: 0 }),
  },
  // The celebration is the caller's own: A earned coins above the balance celebrated; B and the admin nothing.
  "GET /api/notifications/celebration": {
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (caller, response) => {
      if (caller === "owner") expect(response.json().coinsSince).toBeGreaterThan(0);
      else expect(response.json()).toBeNull();
    },
  },
  "POST /api/notifications/celebration/seen": {
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (_, response) => expect(response.json()).toBeNull(),
  },

  "GET /api/notifications/preferences": {
    expect: SIGNED_IN_OK,
    call: () => ({}),
    check: (caller, response) => {
      const categories = (response.json() as { categories: { category: string }[] }).categories;
      // Each sees the categories that concern them: nobody switches another's, and security is never listed.
      expect(categories.map((entry) => entry.category)).toEqual(
        caller === "admin"
          ? ["review_queue", "targets"]
          : ["applications", "hours", "opportunities", "reminders"],
      );
    },
  },
  "PUT /api/notifications/preferences": {
    // Each changes only their own choices (the session's person; the body names no one).
    expect: SIGNED_IN_OK,
    call: ({ caller }) => ({
      body: caller === "admin" ? { email: { targets: true } } : { email: { hours: true } },
    }),
  },
  "POST /api/unsubscribe": {
    // Public by design (RFC 8058): the signed token is the authority, whoever sends it, with or without a session.
    expect: [200, 200, 200, 200],
    call: () => ({
      query: { token: createUnsubscribeToken(TEST_SESSION_SECRET, studentA.id, "reminders") },
    }),
    check: async () => {
      const [row] = await t.db
        .select({ email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(
          and(
            eq(notificationPreferences.userId, studentA.id),
            eq(notificationPreferences.category, "reminders"),
          ),
        );
      expect(row?.email).toBe(false);
    },
  },
  "GET /api/admin/mail": { expect: ADMIN_ONLY, call: () => ({ query: { limit: "10" } }) },
  "GET /api/admin/mail/:id": {
    expect: ADMIN_ONLY,
    call: async () => {
      const [row] = await t.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      return { params: { id: row?.id ?? MISSING_ID } };
    },
    missing: [403, 404],
  },

  "GET /api/analytics": { expect: ADMIN_ONLY, call: () => ({ query: { dateRange: "30" } }) },

  "GET /api/calendar/feed": {
    // Each student their own feed; admins have none.
    expect: [401, 200, 200, 403],
    call: () => ({}),
    check: (_, response) => expect(response.json().url).toMatch(/\/calendar\/[0-9a-f]{32}\.ics$/),
  },
  "POST /api/calendar/feed/reset": {
    expect: [401, 200, 200, 403],
    freshCallers: true,
    call: () => ({}),
  },
  "POST /api/certificates": {
    // A student certifies their own approved hours (B has none: 409); admins hold no certificates.
    expect: [401, 201, 409, 403],
    call: () => ({ body: { scope: "all" } }),
    // Every approved hour of A's the supervisor did not dispute, whichever rows before this one approved them.
    check: async (_, response) => {
      const [certifiable] = await t.db
        .select({ hours: sql<number>`coalesce(sum(${hourSubmissions.hours}), 0)::float8` })
        .from(hourSubmissions)
        .innerJoin(applications, eq(applications.id, hourSubmissions.applicationId))
        .where(
          and(
            eq(applications.userId, studentA.id),
            eq(hourSubmissions.status, "approved"),
            ne(hourSubmissions.verificationStatus, "disputed"),
          ),
        );
      expect(certifiable?.hours).toBeGreaterThan(0);
      expect(response.json().totalHours).toBe(certifiable?.hours);
    },
  },
  "GET /api/certificates": {
    expect: [401, 200, 200, 403],
    call: () => ({}),
    check: async (caller, response) => {
      const own = await certificateCodesOf(caller === "owner" ? studentA.id : studentB.id);
      expect(
        response
          .json()
          .map((certificate: { code: string }) => certificate.code)
          .sort(),
      ).toEqual(own.sort());
    },
  },
  "POST /api/certificates/:code/revoke": {
    // The holder or an admin; another student learns nothing, as for an unknown code.
    expect: [401, 200, 404, 200],
    call: async () => ({ params: { code: await freshCertificateOfA() } }),
    missing: [404, 404],
  },
  "GET /api/verify/:code": {
    // Public; only the holder and admins are offered Revoke.
    expect: [200, 200, 200, 200],
    call: async () => ({ params: { code: await certificateOfA() } }),
    check: (caller, response) => {
      expect(response.json().status).toBe("valid");
      expect(response.json().canRevoke).toBe(caller === "owner" || caller === "admin");
    },
    missing: [404, 404],
  },
  "GET /api/certificates/public-key": {
    expect: [200, 200, 200, 200],
    call: () => ({}),
    check: (_, response) => expect(response.json().algorithm).toBe("Ed25519"),
  },
  "GET /api/admin/administrators": {
    expect: ADMIN_ONLY,
    call: () => ({}),
    check: (_, response) => {
      expect(ids(response)).toContain(admin.id);
      expect(ids(response)).not.toContain(studentA.id);
    },
  },
  "POST /api/admin/administrators": {
    // Only an admin gives admin rights; a student cannot promote anyone, themselves included.
    expect: [401, 403, 403, 200],
    call: async ({ caller, me }) => ({
      body: { email: caller === "admin" || !me ? (await createTestUser(t.db)).email : me.email },
    }),
    check: (_, response) => expect(response.json().administrator.id).not.toBe(admin.id),
  },
  "DELETE /api/admin/administrators/:userId": {
    // Students try to remove the admin's rights; the admin removes a colleague's.
    expect: [401, 403, 403, 200],
    call: async ({ caller }) => ({
      params: { userId: caller === "admin" ? (await createTestUser(t.db, { role: "admin" })).id : admin.id },
    }),
    missing: [403, 404],
  },
};

const keyOf = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

function rowOf(endpoint: Endpoint): Row {
  const row = MATRIX[keyOf(endpoint)];
  if (!row) throw new Error(`No access-matrix row for ${keyOf(endpoint)}: declare who may call it`);
  return row;
}

function request(endpoint: Endpoint, call: Call): InjectOptions {
  const query = call.query ? `?${new URLSearchParams(call.query)}` : "";
  return {
    method: endpoint.method,
    url: buildPath(endpoint.path, call.params) + query,
    ...(call.body ? { payload: call.body } : {}),
  };
}

async function send(endpoint: Endpoint, sender: Actor | null, call: Call) {
  const options = request(endpoint, call);
  return sender ? as(t.app, sender.cookie, options) : t.app.inject(options);
}

/** The actor behind a caller: the shared A, B and admin, or a fresh user of the same role. */
async function senderFor(caller: Caller, fresh: boolean): Promise<Actor | null> {
  if (caller === "anonymous") return null;
  if (fresh) return newActor(t.app, t.db, caller === "admin" ? "admin" : "student");
  return { owner: studentA, other: studentB, admin }[caller];
}

/**
 * docs/product-rules.md §7: personal data is never stored by a browser or a proxy. Every answer, refusals
 * included, is `no-store`; only an endpoint declared "revalidate" (a read that holds nothing personal) lets
 * the browser keep its success and revalidate it with the ETag.
 */
function expectStoredNowhere(endpoint: Endpoint, caller: Caller, response: LightMyRequestResponse): void {
  const revalidated = endpoint.browserCache === "revalidate" && response.statusCode < 300;
  expect(response.headers["cache-control"], `${keyOf(endpoint)} as ${caller}`).toBe(
    revalidated ? "private, no-cache" : "no-store",
  );
  if (!revalidated) expect(response.headers.etag, `${keyOf(endpoint)} as ${caller}`).toBeUndefined();
}

describe("access matrix", () => {
  it("has exactly one row per contract endpoint", () => {
    const declared = allEndpoints.map(keyOf);
    expect(new Set(declared).size).toBe(declared.length);
    expect(
      declared.filter((key) => !(key in MATRIX)),
      "endpoints without a row",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !declared.includes(key)),
      "rows without an endpoint",
    ).toEqual([]);
    for (const endpoint of allEndpoints) {
      expect(["public", "signedIn", "student", "admin"]).toContain(endpoint.access);
      // An endpoint that names a row by id must also say what a missing id answers.
      expect(rowOf(endpoint).missing !== undefined, keyOf(endpoint)).toBe(endpoint.path.includes(":"));
    }
  });

  it.each(allEndpoints.map((endpoint) => [`${keyOf(endpoint)} (${endpoint.access})`, endpoint] as const))(
    "%s answers each caller its declared status",
    async (_, endpoint) => {
      const row = rowOf(endpoint);
      const actual: Record<Caller, number> = { anonymous: 0, owner: 0, other: 0, admin: 0 };
      for (const caller of CALLERS) {
        const me = await senderFor(caller, row.freshCallers ?? false);
        const response = await send(endpoint, me, await row.call({ caller, me }));
        actual[caller] = response.statusCode;
        expectStoredNowhere(endpoint, caller, response);
        if (response.statusCode === 401) expect(response.json().message).toBe("Unauthorized");
        if (response.statusCode < 300) await row.check?.(caller, response);
      }
      const [anonymous, owner, other, adminStatus] = row.expect;
      expect(actual).toEqual({ anonymous, owner, other, admin: adminStatus });
      // The declared rule and the table agree on the guard's part.
      if (endpoint.access !== "public") expect(anonymous).toBe(401);
      if (endpoint.access === "admin") expect([owner, other]).toEqual([403, 403]);
      if (endpoint.access === "student") expect(adminStatus).toBe(403);
    },
  );

  it.each(allEndpoints.filter((endpoint) => endpoint.path.includes(":")).map((e) => [keyOf(e), e] as const))(
    "%s answers its declared status for an id that names no row",
    async (_, endpoint) => {
      const row = rowOf(endpoint);
      const call = await row.call({ caller: "owner", me: studentA });
      const params = Object.fromEntries(Object.keys(call.params ?? {}).map((name) => [name, MISSING_ID]));
      const missing = { ...call, params };
      const actual = [
        (await send(endpoint, studentA, missing)).statusCode,
        (await send(endpoint, admin, missing)).statusCode,
      ];
      expect(actual).toEqual(row.missing);
    },
  );
});

// The one route outside the contract: the live stream answers events, not JSON (notifications/stream.ts). Its
// guard is the contract's; here it refuses the anonymous caller and a forged cookie like every signedIn endpoint.
describe("the live notification stream", () => {
  it("answers 401 without a session, stored nowhere", async () => {
    for (const cookie of [undefined, "seva.sid=forged"]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/notifications/stream",
        headers: cookie ? { cookie } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Unauthorized");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });
});

// The certificate's PDF sits outside the contract (certificates.routes.ts): signed in, the holder or an admin.
describe("a certificate's PDF", () => {
  it("answers 401 signed out, 404 to another student, the file to its holder and an admin", async () => {
    const code = await freshCertificateOfA();
    const url = `/api/certificates/${code}/pdf`;
    const anonymous = await t.app.inject({ method: "GET", url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Unauthorized");
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    expect((await as(t.app, studentB.cookie, { method: "GET", url })).statusCode).toBe(404);
    for (const actor of [studentA, admin]) {
      const response = await as(t.app, actor.cookie, { method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["cache-control"]).toBe("no-store");
    }
  });
});

// The institution's sign-in sits outside the contract (sso/sso.routes.ts): both routes are public and answer every
// caller alike with a redirect, stored nowhere. This app has no provider configured: each says 'unavailable'
// (sso.routes.test.ts proves the whole flow against a real provider).
describe("the institution's sign-in routes", () => {
  it.each([SSO_START_PATH, `${SSO_CALLBACK_PATH}?code=c&state=s`])(
    "%s redirects every caller alike, stored nowhere",
    async (url) => {
      for (const cookie of [undefined, studentA.cookie, studentB.cookie, admin.cookie]) {
        const response = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(`${SSO_REFUSED_PATH}?reason=unavailable`);
        expect(response.headers["cache-control"]).toBe("no-store");
      }
      // Signing in through them is no way around a session: the signed-in callers are still who they were.
      for (const actor of [studentA, admin]) {
        expect((await as(t.app, actor.cookie, { method: "GET", url: "/api/auth/user" })).json().id).toBe(
          actor.id,
        );
      }
    },
  );
});
