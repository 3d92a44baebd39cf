// Every cached read names the tables it reads, and every table it can name announces its changes: a read that
// forgot a topic would serve a stale answer until an unrelated change dropped it. The reads are found by their
// files (`src/server/**/*.reads.ts`), so a new one cannot be left out of this test.
import { type CachedRead, isCachedRead } from "@server/db/cached-read";
import {
  ALSO_ANNOUNCED_BY,
  type ChangeTopic,
  DERIVED_TABLES,
  trackedTables,
  UNTRACKED_TABLES,
} from "@server/db/change-tracker";
import { type Database, type DatabaseHandle, openPglite } from "@server/db/client";
import * as schema from "@server/db/schema";
import { applications, opportunities } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { createSession, type SessionUser } from "@server/sessions/session-store";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser } from "./app";
import { insertOpportunity } from "./workflow-helpers";

const readModules = import.meta.glob<Record<string, unknown>>("../src/server/**/*.reads.ts", {
  eager: true,
});

const allTableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

/**
 * The tables a statement names: drizzle quotes every identifier; raw SQL names its tables after from or join,
 * quoted or not.
 */
function tablesIn(statement: string): Set<string> {
  const named = new Set([
    ...[...statement.matchAll(/"([a-z_]+)"/g)].map((match) => match[1]),
    ...[...statement.matchAll(/\b(?:from|join)\s+([a-z_]+)\b/gi)].map((match) => match[1]),
  ]);
  return new Set(allTableNames.filter((name) => named.has(name)));
}

const tableOf = (topic: ChangeTopic) => topic.split(":")[0];

/** The tables a topic covers: its own, and those that also announce its part (ALSO_ANNOUNCED_BY). */
function tablesCoveredBy(topic: ChangeTopic): (string | undefined)[] {
  const alsoBy = Object.entries(ALSO_ANNOUNCED_BY).find(([part]) => topic.startsWith(`${part}:`))?.[1] ?? [];
  return [tableOf(topic), ...alsoBy];
}

/** A maintained aggregate is covered when the tables of every source that moves it are (ADR 0042). */
function coveredAggregate(table: string, covered: ReadonlySet<string | undefined>): boolean {
  const sources: readonly ChangeTopic[] | undefined = DERIVED_TABLES[table as keyof typeof DERIVED_TABLES];
  return sources?.every((source) => covered.has(tableOf(source))) ?? false;
}

let handle: DatabaseHandle;
let db: Database;
const statements: string[] = [];
let viewer: SessionUser;
let opportunityId: number;
let sessionToken: string;

beforeAll(async () => {
  handle = await openPglite(undefined);
  await handle.migrate();
  if (!handle.pglite) throw new Error("an embedded database was expected");
  db = drizzle(handle.pglite, {
    schema,
    logger: { logQuery: (statement) => statements.push(statement) },
  }) as unknown as Database;
  await ensureBadgeCatalogue(handle.db);
  const admin = await createTestUser(handle.db, { role: "admin" });
  viewer = await createTestUser(handle.db);
  const opportunity = await insertOpportunity(handle.db, admin.id);
  opportunityId = opportunity.id;
  sessionToken = (await createSession(handle.db, viewer.id)).token;
  await handle.db.insert(applications).values({ userId: viewer.id, opportunityId, status: "completed" });
});

afterAll(async () => {
  await handle.close();
});

/** Arguments to run each read with, by `file export`; a read without a line here fails the test below. */
function exampleArgs(): Record<string, unknown> {
  const ranking = { timeframe: "all", termStartMonths: [6, 11] };
  return {
    "administrators.reads.ts administrators": undefined,
    "analytics.reads.ts analytics": { days: 30, now: new Date() },
    "applications.reads.ts applicationsOfStudent": { viewer, userId: viewer.id },
    "applications.reads.ts ownApplication": { studentId: viewer.id, opportunityId },
    "applications.reads.ts applicationsToOpportunity": opportunityId,
    "applications.reads.ts adminApplications": { limit: 10, offset: 0, sort: "oldest", search: "a_%" },
    "badges.reads.ts badgeCatalogue": undefined,
    "badges.reads.ts badgesOfStudent": viewer.id,
    "leaderboard.reads.ts leaderboardPage": { ...ranking, limit: 10 },
    "leaderboard.reads.ts ownRank": { ...ranking, studentId: viewer.id },
    "leaderboard.reads.ts rankedStudents": ranking,
    "leaderboard.reads.ts communityImpact": undefined,
    "opportunities.reads.ts openOpportunities": {
      limit: 10,
      offset: 0,
      search: "maths park",
      notAppliedBy: viewer.id,
    },
    "opportunities.reads.ts shownApplicantCounts": undefined,
    "opportunities.reads.ts opportunityWithShareToken": opportunityId,
    "opportunities.reads.ts adminOpportunities": { status: "all", limit: 10, offset: 0 },
    "opportunities.reads.ts opportunityProgress": { includePrivate: true, limit: 10, offset: 0 },
    "opportunities.reads.ts visibleWithoutLink": { studentId: viewer.id, opportunityId },
    "sessions.reads.ts sessionByToken": sessionToken,
  };
}

const declaredReads = Object.entries(readModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isCachedRead(value))
    .map(([name, read]) => ({
      label: `${file.split("/").pop()} ${name}`,
      read: read as CachedRead<unknown, unknown>,
    })),
);

describe("cached reads and their change topics", () => {
  it("finds the declared reads", () => {
    expect(declaredReads.length).toBeGreaterThanOrEqual(15);
  });

  it("names every table each read's SQL touches among its topics", async () => {
    const examples = exampleArgs();
    const forgotten: string[] = [];
    for (const { label, read } of declaredReads) {
      expect(Object.hasOwn(examples, label), `add example arguments for ${label} to this test`).toBe(true);
      const args = examples[label];
      statements.length = 0;
      await read.load(db, args);
      expect(statements.length, `${label} ran no query`).toBeGreaterThan(0);
      const covered = new Set(read.topics(args).flatMap(tablesCoveredBy));
      const read_ = new Set(statements.flatMap((statement) => [...tablesIn(statement)]));
      for (const table of read_)
        if (!covered.has(table) && !coveredAggregate(table, covered))
          forgotten.push(`${label} reads ${table}`);
    }
    expect(forgotten).toEqual([]);
  });

  it("catches a read whose topics leave out a table it reads", async () => {
    statements.length = 0;
    await db.select().from(opportunities);
    expect([...tablesIn(statements.join(" "))]).toEqual(["opportunities"]);
    expect(tablesIn("select user_id from coin_ledger c join users u on u.id = c.user_id")).toEqual(
      new Set(["coin_ledger", "users"]),
    );
  });

  it("tracks every table of the schema but the named exceptions, each with its change trigger", async () => {
    const tracked = trackedTables();
    expect(tracked).toContain("applications");
    expect(tracked).not.toContain("rate_limit_windows");
    expect(new Set([...tracked, ...UNTRACKED_TABLES, ...Object.keys(DERIVED_TABLES)])).toEqual(
      new Set(allTableNames),
    );
    // The change triggers, that is: not migration 0012's append-only guard nor the aggregates' (0014).
    const result = await handle.db.execute(sql`
      select distinct c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname like 'seva_notify%'`);
    const withTriggers = new Set(rowsOf<{ table: string }>(result).map((row) => row.table));
    expect(withTriggers).toEqual(new Set(tracked));
  });
});
