// The caches of reads (src/server/http/response-cache.ts) against the real database's change notices: two apps
// on one database stand for two server processes, each with its own LISTEN connection (on PGlite, its own
// listener). A change made anywhere reaches every app; a write served by an app is visible to its next read at
// once; an app without a live change feed caches nothing.

import { buildApp } from "@server/app";
import { ChangeTracker } from "@server/db/change-tracker";
import { opportunities } from "@server/db/schema";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, createTestUser, signIn, TEST_APP_CONFIG, type TestContext } from "./app";
import { driveDecisions, generator, injectTransport, type Transport } from "./decision-driver";
import { type Actor, insertOpportunity, newActor } from "./workflow-helpers";

let context: TestContext;
let other: FastifyInstance;
let otherChanges: ChangeTracker;
let offline: FastifyInstance;

async function secondApp(changes?: ChangeTracker) {
  const app = await buildApp({
    db: context.db,
    config: TEST_APP_CONFIG,
    logger: false,
    changes,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  context = await createTestApp();
  otherChanges = await ChangeTracker.start(context.database.changes);
  other = await secondApp(otherChanges);
  offline = await secondApp();
});

afterAll(async () => {
  await other.close();
  await offline.close();
  await otherChanges.close();
  await context.close();
});

/** Polls until the check passes: a notice crosses from one connection to another, which takes a moment. */
async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Where two bodies part, with a little context: enough to see which field is stale. */
function firstDifference(cached: string, fresh: string): string {
  let at = 0;
  while (at < cached.length && cached[at] === fresh[at]) at += 1;
  const around = (text: string) => text.slice(Math.max(0, at - 60), at + 40);
  return `cached …${around(cached)}… fresh …${around(fresh)}…`;
}

const titles = (response: { json(): { opportunities: { title: string }[] } }) =>
  response.json().opportunities.map((opportunity) => opportunity.title);

describe("cached reads and the change feed", () => {
  it("shows a change written straight to the database on every app, with a new ETag", async () => {
    const admin = await createTestUser(context.db, { role: "admin" });
    const student = await createTestUser(context.db);
    const opportunity = await insertOpportunity(context.db, admin.id, { title: "Before the change" });
    const cookie = await signIn(context.app, student.email);
    const feed = (app: FastifyInstance) => as(app, cookie, { method: "GET", url: "/api/opportunities" });

    await eventually(async () => {
      expect(titles(await feed(context.app))).toContain("Before the change");
      expect(titles(await feed(other))).toContain("Before the change");
    });
    const etag = (await feed(other)).headers.etag;
    // Served from the cache now: the same body and ETag, 304 for a poller that holds it.
    expect((await feed(other)).headers.etag).toBe(etag);
    const polled = await as(other, cookie, {
      method: "GET",
      url: "/api/opportunities",
      headers: { "if-none-match": String(etag) },
    });
    expect(polled.statusCode).toBe(304);

    // A script or psql, not the app: only the database's notice can tell the caches.
    await context.db
      .update(opportunities)
      .set({ title: "After the change" })
      .where(eq(opportunities.id, opportunity.id));
    for (const app of [context.app, other]) {
      await eventually(async () => expect(titles(await feed(app))).toContain("After the change"));
    }
    expect((await feed(other)).headers.etag).not.toBe(etag);
  });

  it("signs a deleted account out of every app, however recently its session was cached", async () => {
    const student = await createTestUser(context.db);
    const cookie = await signIn(context.app, student.email);
    const currentUser = (app: FastifyInstance) => as(app, cookie, { method: "GET", url: "/api/auth/user" });
    expect((await currentUser(context.app)).statusCode).toBe(200);
    expect((await currentUser(other)).statusCode).toBe(200);

    const deleted = await as(context.app, cookie, { method: "DELETE", url: "/api/auth/account" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The app that served the deletion refuses the session at once; the other as soon as the notice lands.
    expect((await currentUser(context.app)).statusCode).toBe(401);
    await eventually(async () => expect((await currentUser(other)).statusCode).toBe(401));
  });

  it("lets a student read their own write at once on the app that served it", async () => {
    const admin = await createTestUser(context.db, { role: "admin" });
    const opportunity = await insertOpportunity(context.db, admin.id, { title: "Read your write" });
    const student = await createTestUser(context.db);
    const cookie = await signIn(context.app, student.email);
    const detail = () =>
      as(context.app, cookie, { method: "GET", url: `/api/opportunities/${opportunity.id}` });
    await eventually(async () => expect((await detail()).json().title).toBe("Read your write"));
    expect((await detail()).json().viewerApplication).toBeNull();
    const before = (await detail()).json()._count.applications;

    const applied = await as(context.app, cookie, {
      method: "POST",
      url: "/api/applications",
      payload: { opportunityId: opportunity.id },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const after = (await detail()).json();
    expect(after.viewerApplication).toMatchObject({ status: "pending" });
    expect(after._count.applications).toBe(before + 1);
  });

  it("caches nothing without a live change feed", async () => {
    const admin = await createTestUser(context.db, { role: "admin" });
    const opportunity = await insertOpportunity(context.db, admin.id, { title: "Uncached one" });
    const student = await createTestUser(context.db);
    const cookie = await signIn(offline, student.email);
    const feed = () => as(offline, cookie, { method: "GET", url: "/api/opportunities" });
    expect(titles(await feed())).toContain("Uncached one");
    await context.db
      .update(opportunities)
      .set({ title: "Uncached two" })
      .where(eq(opportunities.id, opportunity.id));
    expect(titles(await feed())).toContain("Uncached two");
  });
});

describe("cached reads during a random run of decisions", () => {
  // Each read waits only on the topics it shows (a student's own list on that student's applications, the feed
  // on applicant counts, a session on its owner's balance…). A topic missing from a read's list would serve a
  // stale answer: after every decision, every read of the caching app must equal the same read computed
  // afresh by an app that caches nothing, on the same database.
  it("answers every read exactly as an uncached app does, after every decision", async () => {
    const seed = Number(process.env.SEVA_RANDOM_SEED ?? Date.now() % 100_000);
    const random = generator(seed);
    const admins = await Promise.all([1, 2].map(() => newActor(context.app, context.db, "admin")));
    const students = await Promise.all(Array.from({ length: 8 }, () => newActor(context.app, context.db)));
    const opportunityIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const opportunity = await insertOpportunity(context.db, admins[0]?.id ?? 0, {
        capacity: random.pick([null, 2, 4]),
        maxCoins: random.pick([60, 150]),
        title: `Coherence ${i}`,
      });
      opportunityIds.push(opportunity.id);
    }

    const readsOf = (student: Actor, opportunityId: number): [Actor, string][] => [
      [student, "/api/auth/user"],
      [student, "/api/opportunities"],
      [student, `/api/opportunities/${opportunityId}`],
      [student, `/api/applications/user/${student.id}`],
      [student, `/api/badges/user/${student.id}`],
      [student, "/api/leaderboard?timeframe=all&limit=5"],
      [student, "/api/leaderboard?timeframe=month"],
      [student, `/api/leaderboard?timeframe=all&opportunityId=${opportunityId}`],
      [student, "/api/leaderboard/me?timeframe=semester"],
      [student, "/api/community/impact"],
      [student, "/api/opportunity-progress"],
    ];
    const adminReads = (admin: Actor, opportunityId: number): [Actor, string][] => [
      [admin, "/api/auth/user"],
      [admin, "/api/admin/applications?status=pending&limit=100"],
      [admin, "/api/admin/applications?status=hours_submitted"],
      [admin, "/api/admin/applications?status=hours_approved&status=completed&sort=recent&limit=5"],
      [admin, "/api/admin/opportunities?status=all"],
      [admin, `/api/applications/opportunity/${opportunityId}`],
      [admin, "/api/analytics?dateRange=30"],
      [admin, "/api/opportunity-progress"],
    ];
    const stale: string[] = [];
    let compared = 0;
    const compareReads = async (after: string) => {
      const opportunityId = random.pick(opportunityIds);
      const reads = [
        ...readsOf(random.pick(students), opportunityId),
        ...readsOf(random.pick(students), random.pick(opportunityIds)),
        ...adminReads(random.pick(admins), opportunityId),
      ];
      for (const [actor, url] of reads) {
        const cached = await as(context.app, actor.cookie, { method: "GET", url });
        const fresh = await as(offline, actor.cookie, { method: "GET", url });
        compared += 1;
        const differs =
          cached.statusCode !== fresh.statusCode ||
          cached.body !== fresh.body ||
          cached.headers["x-total-count"] !== fresh.headers["x-total-count"];
        if (differs) stale.push(`${url} after ${after}: ${firstDifference(cached.body, fresh.body)}`);
      }
    };

    // Decisions one at a time, each followed by the comparison; now and then a student changes their profile
    // (names and anonymity are shown on the leaderboard and in the admin's lists).
    const send = injectTransport(context.app);
    const transport: Transport = async (decision, sequence, copy) => {
      const answer = await send(decision, sequence, copy);
      if (sequence % 12 === 11) {
        const student = random.pick(students);
        const profile = await as(context.app, student.cookie, {
          method: "PATCH",
          url: "/api/auth/user",
          payload: { anonymizeLeaderboard: random.next() < 0.5, firstName: `Renamed${sequence}` },
        });
        expect(profile.statusCode, profile.body).toBe(200);
      }
      await compareReads(`${decision.kind} ${decision.url} (${answer.status})`);
      return answer;
    };
    const report = await driveDecisions({
      transport,
      admins,
      students,
      opportunityIds,
      decisions: context.database.kind === "postgres" ? 240 : 160,
      clients: 1,
      doubleRate: 0,
      seed,
    });
    expect(report.statuses.filter((status) => status === 200 || status === 201).length).toBeGreaterThan(40);
    expect(compared).toBeGreaterThan(4000);
    expect(stale, `seed ${seed}`).toEqual([]);
  }, 240_000);
});
