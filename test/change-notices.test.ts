// Change notices only for real changes (ADR 0043, migration 0015): a statement that changed no row, or changed
// rows to the values they had, announces nothing, so the reads that wait on its table keep their cached answers
// and their pollers keep getting 304. And the polled feed's applicant counts lag by a bounded window, so a burst
// of applies changes its body once, not once per apply.

import { buildApp } from "@server/app";
import { type ChangeSubscription, ChangeTracker, trackedTables } from "@server/db/change-tracker";
import { applications, hourSubmissions, opportunities, users } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { applicationsOfStudent } from "@server/modules/applications/applications.reads";
import { markFilledWhenTargetReached } from "@server/modules/decisions/pay-award";
import { communityImpact } from "@server/modules/leaderboard/leaderboard.reads";
import {
  openOpportunities,
  opportunityWithShareToken,
} from "@server/modules/opportunities/opportunities.reads";
import type { SessionUser } from "@server/sessions/session-store";
import { eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, createTestApp, createTestUser, TEST_APP_CONFIG, type TestContext } from "./app";
import { type Actor, insertOpportunity, newActor, workflow } from "./workflow-helpers";

let context: TestContext;
let listening: ChangeSubscription;
let heard: string[] = [];

beforeAll(async () => {
  context = await createTestApp();
  listening = await context.database.changes.listen(
    (topic) => heard.push(topic),
    () => undefined,
  );
});

afterAll(async () => {
  await listening.stop();
  await context.close();
});

/** The topics announced by what `act` committed, and nothing else. */
async function announcedBy(act: () => Promise<unknown>): Promise<string[]> {
  await listening.sync();
  heard = [];
  await act();
  await listening.sync();
  return [...new Set(heard)].sort();
}

/** Polls until the check passes: a notice crosses from one connection to another, which takes a moment. */
async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const FEED = "/api/opportunities";

/** A poll as the home page makes it: with the ETag it holds. */
async function poll(app: FastifyInstance, actor: Actor, etag: string | undefined) {
  return as(app, actor.cookie, {
    method: "GET",
    url: FEED,
    headers: etag ? { "if-none-match": etag } : {},
  });
}

function countOn(response: { json(): unknown }, opportunityId: number): number | undefined {
  const body = response.json() as { opportunities: { id: number; _count: { applications: number } }[] };
  return body.opportunities.find((opportunity) => opportunity.id === opportunityId)?._count.applications;
}

describe("statements that change no row", () => {
  it("announce nothing, on any tracked table, while real changes still announce", async () => {
    for (const table of trackedTables()) {
      // A plain column: identity and generated ones cannot be written.
      const [plain] = rowsOf<{ column: string }>(
        await context.db.execute(sql`
          select column_name as "column" from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}
            and is_identity = 'NO' and is_generated = 'NEVER'
          order by ordinal_position limit 1`),
      );
      const column = sql.identifier(String(plain?.column));
      const target = sql.identifier(table);
      expect(
        await announcedBy(async () => {
          await context.db.execute(sql`update ${target} set ${column} = ${column} where false`);
          await context.db.execute(sql`delete from ${target} where false`);
          await context.db.execute(
            sql`insert into ${target} (${column}) select ${column} from ${target} where false`,
          );
          // Every row "updated" to the values it had.
          await context.db.execute(sql`update ${target} set ${column} = ${column}`);
        }),
        table,
      ).toEqual([]);
    }

    const admin = await newActor(context.app, context.db, "admin");
    const created = await announcedBy(() => insertOpportunity(context.db, admin.id, { title: "Announced" }));
    expect(created).toEqual(["opportunities"]);
    const [opportunity] = await context.db
      .select()
      .from(opportunities)
      .where(eq(opportunities.title, "Announced"));
    const id = opportunity?.id ?? 0;
    expect(
      await announcedBy(() =>
        context.db.update(opportunities).set({ title: "Renamed" }).where(eq(opportunities.id, id)),
      ),
    ).toEqual(["opportunities"]);
    expect(await announcedBy(() => context.db.delete(opportunities).where(eq(opportunities.id, id)))).toEqual(
      ["opportunities"],
    );
  });

  it("leave an approval's 'target reached?' update silent when the target is not reached", async () => {
    const admin = await newActor(context.app, context.db, "admin");
    const opportunity = await insertOpportunity(context.db, admin.id, { totalRequiredHours: 500 });
    expect(
      await announcedBy(() =>
        context.db.transaction((tx) => markFilledWhenTargetReached(tx, opportunity.id)),
      ),
    ).toEqual([]);
  });

  it("announce an application's status set to itself as nothing, and a real status change as before", async () => {
    const admin = await newActor(context.app, context.db, "admin");
    const student = await newActor(context.app, context.db);
    const opportunity = await insertOpportunity(context.db, admin.id);
    const id = await workflow(context.app).apply(student, opportunity.id);
    const same = sql`${applications.status}`;
    expect(
      await announcedBy(() =>
        context.db.update(applications).set({ status: same }).where(eq(applications.id, id)),
      ),
    ).toEqual([]);
    expect(
      await announcedBy(() =>
        context.db.update(applications).set({ status: "accepted" }).where(eq(applications.id, id)),
      ),
    ).toEqual(["applications:rows", `applications:user:${student.id}`]);
  });
});

describe("an update of a user", () => {
  // Migrations 0004, 0009 and 0030: a new balance alone is news for the leaderboards and that student's session, a
  // celebration marked seen is nobody's, and any other change drops every cached user (sessions, lists), the
  // balance's topics then unsaid.
  it("a new balance: the balance's topics; a celebration seen: nothing; anything else: users", async () => {
    const student = await createTestUser(context.db);
    const byId = eq(users.id, student.id);
    const set = (values: PgUpdateSetSource<typeof users>) => context.db.update(users).set(values).where(byId);

    expect(await announcedBy(() => set({ coins: sql`${users.coins} + 5`, updatedAt: sql`now()` }))).toEqual([
      "users:coins",
      `users:coins:${student.id}`,
    ]);
    expect(await announcedBy(() => set({ celebratedCoins: 5, updatedAt: sql`now()` }))).toEqual([]);
    expect(await announcedBy(() => set({ firstName: "Renamed" }))).toEqual(["users"]);
    expect(await announcedBy(() => set({ interestTypes: ["teaching"] }))).toEqual(["users"]);
    expect(await announcedBy(() => set({ coins: sql`${users.coins} + 5`, lastName: "Moved" }))).toEqual([
      "users",
    ]);
    // Setting a column to the value it holds is no change at all.
    expect(await announcedBy(() => set({ firstName: "Renamed" }))).toEqual([]);
  });
});

describe("hours", () => {
  it("announce their owner's part, so one student's list of applications waits on their hours alone", async () => {
    const steps = workflow(context.app);
    const admin = await newActor(context.app, context.db, "admin");
    const watcher = await newActor(context.app, context.db);
    const worker = await newActor(context.app, context.db);
    const opportunity = await insertOpportunity(context.db, admin.id, { totalRequiredHours: 500 });
    const watched = await steps.accepted(admin, watcher, opportunity.id);
    const worked = await steps.accepted(admin, worker, opportunity.id);

    const ownList = `/api/applications/user/${watcher.id}`;
    // The list is personal (no-store, no ETag): the server keeps it while the version of its topics stays.
    // The topics depend on whose list it is; the viewer is there for the load.
    const listTopics = applicationsOfStudent.topics({
      viewer: { id: watcher.id } as SessionUser,
      userId: watcher.id,
    });
    const tracker = context.app.cache.tracker;
    await eventually(async () => expect(tracker.versionOf(listTopics)).toBeDefined());
    const listVersion = tracker.versionOf(listTopics);

    // Another student's hours, submitted, answered by their supervisor and approved, announce that student's part.
    const submitted = await announcedBy(async () => {
      const response = await steps.submit(worker, worked, 2);
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(submitted).toContain(`applications:user:${worker.id}`);
    expect(submitted).toContain("hour_submissions");
    expect(submitted).not.toContain(`applications:user:${watcher.id}`);
    // A supervisor's answer changes the submission alone (the application is untouched).
    expect(
      await announcedBy(() =>
        context.db
          .update(hourSubmissions)
          .set({ supervisorName: "Ms. Rao" })
          .where(eq(hourSubmissions.applicationId, worked)),
      ),
    ).toEqual([`applications:user:${worker.id}`, "hour_submissions"]);
    const approved = await steps.approve(admin, worked, 20);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(tracker.versionOf(listTopics)).toBe(listVersion);

    // The student's own hours move their list, at once for the server that took them.
    const own = await steps.submit(watcher, watched, 3);
    expect(own.statusCode, own.body).toBe(200);
    expect(tracker.versionOf(listTopics)).not.toBe(listVersion);
    const after = await as(context.app, watcher.cookie, { method: "GET", url: ownList });
    expect(after.statusCode, after.body).toBe(200);
    const underReview = (after.json() as { id: number; hoursUnderReview: { hours: number } | null }[]).find(
      (application) => application.id === watched,
    )?.hoursUnderReview;
    expect(underReview?.hours).toBe(3);
  });
});

describe("an approval", () => {
  it("leaves the feed and the opportunity's page cached: a poll with the ETag gets 304", async () => {
    const steps = workflow(context.app);
    const admin = await newActor(context.app, context.db, "admin");
    const student = await newActor(context.app, context.db);
    const opportunity = await insertOpportunity(context.db, admin.id, {
      title: "Approved here",
      totalRequiredHours: 500,
    });
    const id = await steps.accepted(admin, student, opportunity.id);
    const submitted = await steps.submit(student, id, 2);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const tracker = context.app.cache.tracker;
    const feedTopics = openOpportunities.topics({
      location: undefined,
      hasRoom: false,
      hideApplied: false,
      limit: 20,
      offset: 0,
    });
    const pageTopics = opportunityWithShareToken.topics(opportunity.id);
    await eventually(async () => expect((await poll(context.app, student, undefined)).statusCode).toBe(200));
    const etag = String((await poll(context.app, student, undefined)).headers.etag);
    const feedVersion = tracker.versionOf(feedTopics);
    const pageVersion = tracker.versionOf(pageTopics);

    const approved = await steps.approve(admin, id, 20);
    expect(approved.statusCode, approved.body).toBe(200);
    // The approval's own server has heard its notices before answering (settle); nothing the feed shows moved.
    expect(tracker.versionOf(feedTopics)).toBe(feedVersion);
    expect(tracker.versionOf(pageTopics)).toBe(pageVersion);
    expect((await poll(context.app, student, etag)).statusCode).toBe(304);
  });

  it("leaves the community totals' ETag as it was when its 'target reached?' update matched no row", async () => {
    const admin = await newActor(context.app, context.db, "admin");
    const student = await newActor(context.app, context.db);
    const opportunity = await insertOpportunity(context.db, admin.id, { totalRequiredHours: 500 });
    const community = () => as(context.app, student.cookie, { method: "GET", url: "/api/community/impact" });
    // The accounts and the opportunity just made announce themselves too: heard before the version is taken.
    await context.app.cache.tracker.settle();
    const etag = String((await community()).headers.etag);
    const version = context.app.cache.tracker.versionOf(communityImpact.topics());
    await context.db.transaction((tx) => markFilledWhenTargetReached(tx, opportunity.id));
    await context.app.cache.tracker.settle();
    expect(context.app.cache.tracker.versionOf(communityImpact.topics())).toBe(version);
    const polled = await as(context.app, student.cookie, {
      method: "GET",
      url: "/api/community/impact",
      headers: { "if-none-match": etag },
    });
    expect(polled.statusCode).toBe(304);
  });
});

describe("the feed's applicant counts", () => {
  const LAG_MS = 4_000;
  let lagged: FastifyInstance;
  let laggedChanges: ChangeTracker;

  beforeAll(async () => {
    laggedChanges = await ChangeTracker.start(context.database.changes, { countLagMs: LAG_MS });
    lagged = await buildApp({
      db: context.db,
      config: TEST_APP_CONFIG,
      logger: false,
      changes: laggedChanges,
    });
    await lagged.ready();
  });

  afterAll(async () => {
    await lagged.close();
    await laggedChanges.close();
  });

  it("show the first apply after a quiet window at once, then catch up once per window", async () => {
    const steps = workflow(lagged);
    const admin = await newActor(lagged, context.db, "admin");
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => newActor(lagged, context.db)));
    if (!first || !second || !third) throw new Error("no students");
    const opportunity = await insertOpportunity(context.db, admin.id, { title: "Counted lazily" });
    await eventually(async () =>
      expect(countOn(await poll(lagged, third, undefined), opportunity.id)).toBe(0),
    );

    await steps.apply(first, opportunity.id);
    const afterFirst = await poll(lagged, third, undefined);
    expect(countOn(afterFirst, opportunity.id)).toBe(1);
    const etag = String(afterFirst.headers.etag);

    // Within the window: the feed keeps its body, the opportunity's own page counts at once.
    await steps.apply(second, opportunity.id);
    expect((await poll(lagged, third, etag)).statusCode).toBe(304);
    const page = await as(lagged, third.cookie, {
      method: "GET",
      url: `/api/opportunities/${opportunity.id}`,
    });
    expect(page.json()._count.applications).toBe(2);

    // At the window's end the feed catches up, with a new ETag.
    await eventually(async () => {
      const caughtUp = await poll(lagged, third, etag);
      expect(caughtUp.statusCode).toBe(200);
      expect(countOn(caughtUp, opportunity.id)).toBe(2);
    }, LAG_MS * 4);
  }, 60_000);

  it("stay as the window found them when a list is read again for another reason", async () => {
    // A window longer than the test: nothing here may move the lagged count but the first apply.
    const changes = await ChangeTracker.start(context.database.changes, { countLagMs: 600_000 });
    const app = await buildApp({ db: context.db, config: TEST_APP_CONFIG, logger: false, changes });
    await app.ready();
    try {
      const steps = workflow(app);
      const admin = await newActor(app, context.db, "admin");
      const [viewer, other] = await Promise.all([newActor(app, context.db), newActor(app, context.db)]);
      if (!viewer || !other) throw new Error("no students");
      const shown = await insertOpportunity(context.db, admin.id, { title: "Counted once a window" });
      const elsewhere = await insertOpportunity(context.db, admin.id, { title: "Applied to elsewhere" });
      // The window's first count change moves the lagged count at once; the lists read after it keep its counts.
      const ownApplication = await steps.apply(viewer, elsewhere.id);
      const discover = (etag?: string) =>
        as(app, viewer.cookie, {
          method: "GET",
          url: `${FEED}?hideApplied=true`,
          headers: etag ? { "if-none-match": etag } : {},
        });
      const first = await discover();
      expect(countOn(first, shown.id)).toBe(0);
      const feed = await poll(app, viewer, undefined);
      expect(countOn(feed, shown.id)).toBe(0);

      await steps.apply(other, shown.id);
      // The viewer's own application changes: 'Discover' is read again, with the window's counts.
      const accepted = await steps.setStatus(admin, ownApplication, { status: "accepted" });
      expect(accepted.statusCode).toBe(200);
      const again = await discover(String(first.headers.etag));
      expect(again.statusCode).toBe(304);
      // A user's name changes: every feed is read again, with the window's counts.
      await context.db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, other.id));
      await app.cache.tracker.settle();
      expect((await poll(app, viewer, String(feed.headers.etag))).statusCode).toBe(304);
      // The opportunity's own page counts at once.
      const page = await as(app, viewer.cookie, { method: "GET", url: `/api/opportunities/${shown.id}` });
      expect(page.json()._count.applications).toBe(1);
    } finally {
      await app.close();
      await changes.close();
    }
  }, 60_000);
});
