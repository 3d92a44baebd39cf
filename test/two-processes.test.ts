// Two server processes on one PostgreSQL database, as behind a load balancer: thousands of interleaved
// decisions from many concurrent clients over HTTP, the same decision often sent to both processes at once,
// while a reader keeps both processes' read caches warm. Afterwards `npm run check-ledger` exits 0, nothing is
// paid twice, capacities hold, no request saw a 5xx, and both processes read what the database holds.
// Always PostgreSQL (PGlite is one process): a fresh database on DATABASE_URL's server, else the local one.

import type { Database, DatabaseHandle } from "@server/db/client";
import { DEFAULT_AUTH_RATE_LIMITS } from "@server/modules/auth/sign-in-limits";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "./app";
import {
  countApplicationsByStatus,
  driveDecisions,
  findPaymentProblems,
  formatReport,
  generator,
  httpTransport,
} from "./decision-driver";
import {
  createScratchDatabase,
  eventually,
  killServers,
  openDatabaseOf,
  PROCESS_SESSION_SECRET,
  prepareUsers,
  registerStudents,
  request,
  runScript,
  type ScratchDatabase,
  type ServerProcess,
  serverEnv,
  signInAll,
  signInOverHttp,
  startServer,
  stopwatch,
} from "./process-support";
import type { Actor } from "./workflow-helpers";

let database: ScratchDatabase;
let handle: DatabaseHandle | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await createScratchDatabase("seva_two_processes");
  env = serverEnv({ DATABASE_URL: database.url, SESSION_SECRET: PROCESS_SESSION_SECRET });
});
afterAll(async () => {
  await killServers();
  await handle?.close();
  await database?.drop();
});

async function sqlRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe("two server processes on one PostgreSQL database", () => {
  it("keep the ledger, caps and capacities under thousands of concurrent decisions", async () => {
    const time = stopwatch();
    const seed = Number(process.env.SEVA_RANDOM_SEED ?? Date.now() % 100_000);
    const random = generator(seed);

    // Users: an administrator through the documented command, more directly, and students who register.
    const adminArgs = ["--email", "dean@iimb.ac.in", "--password", "a-long-admin-password"];
    const created = await runScript(
      "create-admin",
      [...adminArgs, "--first-name", "Dean", "--last-name", "Office"],
      env,
    );
    expect(created.stdout + created.stderr).toContain("Administrator dean@iimb.ac.in created");
    time.lap("create-admin");
    handle = await openDatabaseOf({ databaseUrl: database.url });
    const users = await prepareUsers(handle, { admins: 2, students: 20 });
    time.lap("users in SQL");
    const servers: ServerProcess[] = await Promise.all([startServer({ env }), startServer({ env })]);
    const [first, second] = servers.map((server) => server.baseUrl) as [string, string];
    time.lap("two servers started");

    const registered = [...(await registerStudents(first, 4)), ...(await registerStudents(second, 4))];
    const dean = await signInOverHttp(first, "dean@iimb.ac.in", "a-long-admin-password");
    const admins = [dean, ...(await signInAll(second, users.admins))];
    // Sessions are in the database: signed in on one process, the cookie works on both.
    const students = [...(await signInAll(first, users.students)), ...(await signInAll(second, registered))];
    time.lap("registrations and sign-ins");

    // Opportunities through the API; a session made on one process works on the other.
    const opportunityIds: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await request(i % 2 === 0 ? first : second, dean.cookie, "POST", "/api/opportunities", {
        title: `Opportunity ${i}`,
        shortDescription: "Help out for a few hours",
        fullDescription: "A concurrency test opportunity.",
        capacity: random.pick([null, 3, 6, 12]),
        maxCoins: random.pick([40, 100, 250]),
        totalRequiredHours: random.pick([null, 30, 80]),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      opportunityIds.push(answer.body.id);
    }
    time.lap("opportunities");

    // A reader keeps both processes' caches of these reads warm while the decisions change what they show.
    const listUrl = "/api/admin/applications?limit=500";
    let loading = true;
    const readStatuses: number[] = [];
    const reader = async () => {
      for (let i = 0; loading; i++) {
        const baseUrl = i % 2 === 0 ? first : second;
        const student = students[i % students.length] as Actor;
        const answers = await Promise.all([
          request(baseUrl, dean.cookie, "GET", listUrl),
          request(baseUrl, student.cookie, "GET", "/api/auth/user"),
          request(baseUrl, student.cookie, "GET", `/api/applications/user/${student.id}`),
          request(baseUrl, dean.cookie, "GET", "/api/leaderboard?limit=100"),
        ]);
        readStatuses.push(...answers.map((answer) => answer.status));
      }
    };
    const reading = reader();
    const report = await driveDecisions({
      transport: httpTransport([first, second]),
      admins,
      students,
      opportunityIds,
      decisions: 2000,
      clients: 16,
      doubleRate: 0.5,
      seed,
    });
    loading = false;
    await reading;
    time.lap("decisions");
    const statuses = await countApplicationsByStatus(handle.db);

    expect(
      report.statuses.filter((status) => status >= 500 || status === 0),
      `seed ${seed}`,
    ).toEqual([]);
    expect(report.decisions).toBeGreaterThanOrEqual(2000);
    expect(readStatuses.filter((status) => status !== 200)).toEqual([]);
    expect(report.byKind.approveHours[200] ?? 0).toBeGreaterThan(50);
    expect(report.byKind.complete[200] ?? 0).toBeGreaterThan(20);

    const ledger = await runScript("check-ledger", [], env);
    expect(ledger.stdout + ledger.stderr, `seed ${seed}`).toContain("Ledger check passed");
    expect(ledger.status).toBe(0);
    expect(await findPaymentProblems(handle.db), `seed ${seed}`).toEqual([]);
    time.lap("check-ledger and SQL checks");

    // Both processes read what the database holds, whatever each of them cached: with both caches warm, a
    // student earns coins through the first process only, and the second must show it too (the database
    // announces every change to every process). Announcements travel asynchronously: reads are retried.
    const earner = students[0] as Actor;
    for (const baseUrl of [first, second]) {
      expect((await request(baseUrl, dean.cookie, "GET", listUrl)).status).toBe(200);
      expect((await request(baseUrl, earner.cookie, "GET", "/api/auth/user")).status).toBe(200);
    }
    const last = await request(first, dean.cookie, "POST", "/api/opportunities", {
      title: "The last one",
      shortDescription: "Read on the other process",
      fullDescription: "Coins earned through one process, read through the other.",
    });
    const lastApplication = await request(first, earner.cookie, "POST", "/api/applications", {
      opportunityId: last.body.id,
    });
    const lastId = lastApplication.body.id;
    expect(
      (await request(first, dean.cookie, "PUT", `/api/applications/${lastId}/status`, { status: "accepted" }))
        .status,
    ).toBe(200);
    const completion = {
      status: "completed",
      coinsAwarded: 7,
      hoursCompleted: 1,
      adminFeedback: "Thank you",
    };
    expect(
      (await request(first, dean.cookie, "PUT", `/api/applications/${lastId}/status`, completion)).status,
    ).toBe(200);
    const truth = await sqlRows<{ id: number; status: string; coins: number; hours: number }>(
      handle.db,
      sql`select id, status, coins_awarded as coins, hours_completed as hours from applications order by id`,
    );
    const balances = await sqlRows<{ id: number; coins: number }>(
      handle.db,
      sql`select id, coins from users where role = 'student' order by id`,
    );
    for (const baseUrl of [first, second]) {
      await eventually(async () => {
        const list = await request(baseUrl, dean.cookie, "GET", listUrl);
        const seen = (
          list.body as { id: number; status: string; coinsAwarded: number; hoursCompleted: number }[]
        )
          .map((row) => ({
            id: row.id,
            status: row.status,
            coins: row.coinsAwarded,
            hours: row.hoursCompleted,
          }))
          .sort((a, b) => a.id - b.id);
        expect(
          seen,
          `applications read through the ${baseUrl === first ? "first" : "second"} process`,
        ).toEqual(truth);
        for (const student of students) {
          const me = await request(baseUrl, student.cookie, "GET", "/api/auth/user");
          expect(me.body.coins, `coins of student ${student.id}`).toBe(
            balances.find((row) => row.id === student.id)?.coins,
          );
        }
      });
    }
    time.lap("reads on both processes");

    const exits = await Promise.all(servers.map((server) => server.stop("SIGTERM")));
    expect(exits).toEqual([0, 0]);
    expect(servers.map((server) => server.output()).join("")).not.toMatch(/"level":(50|60)/);
    console.log(
      `seed ${seed}: ${formatReport(report)}\n${readStatuses.length} reads during the decisions` +
        `\napplications by status: ${JSON.stringify(statuses)}\n${time.summary()}`,
    );
  }, 240_000);

  it("share the sign-in limit: a burst split across both processes is held to it", async () => {
    handle ??= await openDatabaseOf({ databaseUrl: database.url });
    const { students } = await prepareUsers(handle, { admins: 0, students: 1 });
    const target = (students[0] as { email: string }).email;
    const servers = await Promise.all([startServer({ env }), startServer({ env })]);
    const baseUrls = servers.map((server) => server.baseUrl);
    const burst = 40;
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, n) =>
        request(baseUrls[n % 2] as string, "", "POST", "/api/login", {
          email: target,
          password: "wrong-password",
        }),
      ),
    );
    // All from one address (loopback): the limit of one account at one address.
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginFailuresPerEmailAndIp;
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(burst - max);
    // The right password from that address is now refused by both processes alike, and no session is made.
    for (const baseUrl of baseUrls) {
      const right = await request(baseUrl, "", "POST", "/api/login", {
        email: target,
        password: TEST_PASSWORD,
      });
      expect(right.status).toBe(429);
    }
    const sessions = await sqlRows<{ count: number }>(
      handle.db,
      sql`select count(*)::int as count from sessions s join users u on u.id = s.user_id where u.email = ${target}`,
    );
    expect(sessions[0]?.count).toBe(0);
    expect(await Promise.all(servers.map((server) => server.stop("SIGTERM")))).toEqual([0, 0]);
  }, 60_000);
});
