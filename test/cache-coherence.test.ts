// The caches of reads (src/server/http/response-cache.ts) against the real database's change notices: two apps
// on one database stand for two server processes, each with its own LISTEN connection (on PGlite, its own
// listener). A change made anywhere reaches every app; a write served by an app is visible to its next read at
// once; an app without a live change feed caches nothing.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/server/app";
import { ChangeTracker } from "../src/server/db/change-tracker";
import { opportunities } from "../src/server/db/schema";
import { as, createTestApp, createTestUser, signIn, TEST_APP_CONFIG, type TestContext } from "./app";
import { insertOpportunity } from "./workflow-helpers";

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
