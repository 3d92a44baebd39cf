// npm run bench: starts the built server on the generated data (DATABASE_URL, else PGlite in DATA_DIR), signs in
// as students and an admin, and measures each main read with autocannon (10 connections), each next to a bare
// Fastify route answering a constant body of the same size (the machine's ceiling in the same run), then the
// main writes (apply, submit hours, approve hours) on fresh targets. Prints one table and writes it as JSON
// under bench/results/.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startProcess } from "../scripts/measured-app";
import { hoursBody } from "../test/hours-body";
import { BENCH_ADMIN_PASSWORD, BENCH_STUDENT_PASSWORD, benchAdminEmail } from "./credentials";
import {
  cpuMsOf,
  DISCOVER,
  databaseBackendPids,
  domain,
  getJson,
  measure,
  minorFaultsOf,
  type Row,
  root,
  signIn,
  signInAll,
  startServer,
  trackMemory,
} from "./support";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    students: { type: "string", default: "1000" },
    label: { type: "string", default: "" },
    // Every read queries the database: what the queries alone cost, without the read cache.
    "no-cache": { type: "boolean", default: false },
    // Only the writes (apply, submit, approve): for profiling where write time goes.
    "writes-only": { type: "boolean", default: false },
    // Only the reads whose names contain one of these (comma-separated), and no writes: for profiling one read.
    only: { type: "string", default: "" },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
/**
 * Students signed in for the writes; each brings an application or two to submit hours on. A thousand make runs
 * of 5,000 applies and about 2,000 submissions, several seconds each: with 300, a run lasted one to three seconds
 * and its first and last moments (ten connections opening, code not yet optimised, the queue draining) weighed
 * on its rate.
 */
const WRITING_STUDENTS = Number(values.students);

interface AdminApplication {
  id: number;
  userId: number;
  opportunityId: number;
  user: { email: string };
}

async function totalCount(baseUrl: string, url: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  return Number(response.headers.get("x-total-count") ?? 0);
}

/** Up to `wanted` admin-list rows of one status, a page at a time. */
async function applicationsWithStatus(baseUrl: string, admin: string, status: string, wanted: number) {
  const found: AdminApplication[] = [];
  for (let offset = 0; found.length < wanted; offset += 500) {
    const page = await getJson<AdminApplication[]>(
      baseUrl,
      `/api/admin/applications?status=${status}&limit=500&offset=${offset}`,
      admin,
    );
    found.push(...page);
    if (page.length < 500) break;
  }
  return found.slice(0, wanted);
}

async function main() {
  const readCache = !values["no-cache"];
  const server = await startServer({ READ_CACHE: String(readCache) });
  const { baseUrl } = server;
  const memory = trackMemory(server.child);
  const ceilingProcess = startProcess("node", ["bench/ceiling-server.mjs"], {}, /listening on (\d+)/);
  const ceilingUrl = `http://127.0.0.1:${await ceilingProcess.captured}`;
  const rows: Row[] = [];
  let dataset = {};
  try {
    const admin = await signIn(baseUrl, benchAdminEmail(domain), BENCH_ADMIN_PASSWORD);
    dataset = {
      opportunities: await totalCount(baseUrl, "/api/admin/opportunities?limit=1", admin),
      applications: await totalCount(baseUrl, "/api/admin/applications?limit=1", admin),
    };
    const accepted = await applicationsWithStatus(baseUrl, admin, "accepted", 5000);
    const first = accepted[0];
    if (!first) throw new Error("no generated data: run npm run bench:generate first");
    const emails = [...new Set(accepted.map((row) => row.user.email))].slice(0, WRITING_STUDENTS);
    console.log(`signing in ${emails.length} students…`);
    const cookies = await signInAll(baseUrl, emails, BENCH_STUDENT_PASSWORD);
    const student = cookies.get(first.user.email) ?? "";
    // The generated students gave no interests; a second one answers the question the onboarding asks.
    const interested = cookies.get(emails[1] ?? "") ?? "";
    const answered = await fetch(`${baseUrl}/api/auth/user`, {
      method: "PATCH",
      headers: { cookie: interested, "content-type": "application/json" },
      body: JSON.stringify({ interests: { skills: ["Maths", "Languages"], types: ["teaching"] } }),
    });
    if (!answered.ok) throw new Error(`interests not saved: ${answered.status} ${await answered.text()}`);
    const feed = await fetch(`${baseUrl}/api/opportunities`, { headers: { cookie: student } });
    const etag = feed.headers.get("etag") ?? "";

    // The main reads (issue 21 names each); without the cache every one must answer in p99 ≤ 25 ms.
    const reads: [string, string, string, Record<string, string>?][] = [
      ["current user", "/api/auth/user", student],
      ["opportunity list", "/api/opportunities", student],
      ["opportunity list (If-None-Match)", "/api/opportunities", student, { "if-none-match": etag }],
      // The feed as the student's dashboard polls it (DISCOVER); for a student without interests, reward order.
      ["dashboard's discover (12)", DISCOVER, student],
      ["dashboard's discover, with interests (12)", DISCOVER, interested],
      ["opportunity detail", `/api/opportunities/${first.opportunityId}`, student],
      ["a student's applications", `/api/applications/user/${first.userId}`, student],
      ["leaderboard all-time", "/api/leaderboard?timeframe=all&limit=50", student],
      ["leaderboard semester", "/api/leaderboard?timeframe=semester&limit=50", student],
      ["leaderboard month", "/api/leaderboard?timeframe=month&limit=50", student],
      [
        "leaderboard of an opportunity",
        `/api/leaderboard?timeframe=all&limit=50&opportunityId=${first.opportunityId}`,
        student,
      ],
      ["own rank all-time", "/api/leaderboard/me?timeframe=all", student],
      ["own rank semester", "/api/leaderboard/me?timeframe=semester", student],
      ["community impact", "/api/community/impact", student],
      ["admin pending applications", "/api/admin/applications?status=pending&limit=100", admin],
      ["admin hours to review", "/api/admin/applications?status=hours_submitted&limit=100", admin],
      ["admin opportunities", "/api/admin/opportunities", admin],
      ["admin open opportunities", "/api/admin/opportunities?status=open&limit=100", admin],
      // The same lists as the screens ask for them: the dashboard's queues take 20 (QUEUE_PAGE_SIZE), the
      // opportunity manager a page of 25 (MANAGER_PAGE_SIZE).
      ["admin queue page (20)", "/api/admin/applications?status=pending&limit=20", admin],
      ["admin manager page (25)", "/api/admin/opportunities?limit=25", admin],
      ["opportunity progress", "/api/opportunity-progress", admin],
      ["analytics 7 days", "/api/analytics?dateRange=7", admin],
      ["analytics 30 days", "/api/analytics?dateRange=30", admin],
      ["analytics 90 days", "/api/analytics?dateRange=90", admin],
      ["analytics 365 days", "/api/analytics?dateRange=365", admin],
    ];
    const only = values.only.split(",").filter(Boolean);
    const chosen =
      only.length === 0 ? reads : reads.filter(([name]) => only.some((part) => name.includes(part)));
    for (const [name, url, cookie, headers] of values["writes-only"] ? [] : chosen) {
      // Every browser accepts gzip, so the reads are measured as a browser asks for them, compression included.
      const options = {
        url: `${baseUrl}${url}`,
        headers: { cookie, "accept-encoding": "gzip", ...headers },
        connections: CONNECTIONS,
      };
      // A second of warm-up: the first request after a start computes what the rest share.
      await measure("warm-up", { ...options, duration: 1 });
      const row = await measure(name, { ...options, duration: DURATION });
      const ceiling = await measure("ceiling", {
        url: `${ceilingUrl}/constant/${row.bytes}`,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      row.ceilingRequestsPerSecond = ceiling.requestsPerSecond;
      row.ceilingFraction = Math.round((row.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000;
      rows.push(row);
      console.log(`measured ${name}`);
    }

    // Writes, each on targets of its own so that (almost) every request does the whole piece of work.
    if (only.length === 0) {
      const studentCookies = [...cookies.values()];
      const opportunities = (
        await getJson<{ opportunities: { id: number; capacity: number | null }[] }>(
          baseUrl,
          "/api/opportunities?limit=100",
          student,
        )
      ).opportunities.filter((opportunity) => opportunity.capacity === null);
      // Each student applies to five opportunities, one after another as a person does: the ten requests in
      // flight at a time come from ten students. (Student by student, the ten came from two students at once and
      // waited on each other's rows of the day's counts, which a school's applies do not.)
      const applyPairs = [0, 1, 2, 3, 4].flatMap((step) =>
        studentCookies.map((cookie, index) => ({
          cookie,
          opportunityId: opportunities[(index * 5 + step) % opportunities.length]?.id ?? 0,
        })),
      );
      rows.push(
        await writeRun(
          "apply (write)",
          applyPairs.map(({ cookie, opportunityId }) => ({
            method: "POST",
            path: "/api/applications",
            cookie,
            body: { opportunityId },
          })),
        ),
      );
      const emailCookie = new Map(cookies);
      rows.push(
        await writeRun(
          "submit hours (write)",
          accepted
            .filter((row) => emailCookie.has(row.user.email))
            .map((row) => ({
              method: "PATCH",
              path: `/api/applications/${row.id}/submit-hours`,
              cookie: emailCookie.get(row.user.email) ?? "",
              body: hoursBody(3),
            })),
        ),
      );
      const submitted = await applicationsWithStatus(baseUrl, admin, "hours_submitted", 3000);
      rows.push(
        await writeRun(
          "approve hours (write)",
          submitted.map((row) => ({
            method: "POST",
            path: `/api/applications/${row.id}/approve-hours`,
            cookie: admin,
            body: { coinsAwarded: 20, feedback: "Thank you" },
          })),
        ),
      );
    }
  } finally {
    memory.stop();
    server.child.kill("SIGTERM");
    ceilingProcess.child.kill("SIGTERM");
  }

  async function writeRun(
    name: string,
    targets: { method: string; path: string; cookie: string; body: object }[],
  ): Promise<Row> {
    let next = 0;
    await checkpoint();
    const pids = [server.child.pid ?? 0, ...(await databaseBackends())];
    const before = cpuMsOf(pids);
    const faultsBefore = minorFaultsOf(pids.slice(1));
    const row = await measure(name, {
      url: baseUrl,
      connections: CONNECTIONS,
      amount: targets.length,
      requests: [
        {
          setupRequest: (request) => {
            const target = targets[next++ % targets.length];
            return {
              ...request,
              method: target?.method as "POST",
              path: target?.path ?? "/",
              headers: { cookie: target?.cookie ?? "", "content-type": "application/json" },
              body: JSON.stringify(target?.body ?? {}),
            };
          },
        },
      ],
    });
    const after = cpuMsOf(pids);
    const used = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
    const perRequest = (ms: number) => Math.round((ms / targets.length) * 100) / 100;
    row.serverCpuMsPerRequest = perRequest(used(pids[0] ?? 0));
    row.databaseCpuMsPerRequest = perRequest(pids.slice(1).reduce((sum, pid) => sum + used(pid), 0));
    const faults = (minorFaultsOf(pids.slice(1)) - faultsBefore) / targets.length;
    console.log(
      `measured ${name} (${targets.length} requests; the database's page faults ${faults.toFixed(1)} a request)`,
    );
    return row;
  }

  // Issue 21's goals: uncached, every main read p99 ≤ 25 ms; each write ≥ 500 req/s with p99 ≤ 50 ms.
  const goalOf = (row: Row) => {
    if (row.name.endsWith("(write)")) return row.requestsPerSecond >= 500 && row.p99 <= 50 ? "met" : "missed";
    return readCache ? "" : row.p99 <= 25 ? "met" : "missed";
  };
  for (const row of rows) row.goal = goalOf(row);
  const table = rows.map((row) => ({
    "read / write": row.name,
    "req/s": row.requestsPerSecond,
    "p50 ms": row.p50,
    "p99 ms": row.p99,
    bytes: row.bytes,
    errors: row.errors,
    statuses: Object.entries(row.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(" "),
    "ceiling req/s": row.ceilingRequestsPerSecond ?? "",
    "of ceiling": row.ceilingFraction === undefined ? "" : `${Math.round(row.ceilingFraction * 100)}%`,
    goal: row.goal,
    "server CPU ms/req": row.serverCpuMsPerRequest ?? "",
    "db CPU ms/req": row.databaseCpuMsPerRequest ?? "",
  }));
  console.table(table);
  const database = process.env.DATABASE_URL ? "postgres" : "pglite";
  console.log(
    `server peak memory: ${(memory.peak() / 1024 / 1024).toFixed(0)} MB (${database}, read cache ${readCache ? "on" : "off"}, ${JSON.stringify(dataset)}, ${CONNECTIONS} connections, ${DURATION} s per read)`,
  );
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(
    root,
    "bench",
    "results",
    `${stamp}-${database}${readCache ? "" : "-no-cache"}${values.label ? `-${values.label}` : ""}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), database, readCache, dataset, connections: CONNECTIONS, durationSeconds: DURATION, peakMemoryBytes: memory.peak(), rows }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(root, file)}`);
}

/** Runs `work` on a connection of its own to the bench's database. */
async function onBenchDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The PostgreSQL backends serving the server (every connection to the bench's database but this one). */
async function databaseBackends(): Promise<number[]> {
  if (!process.env.DATABASE_URL) return [];
  return onBenchDatabase(databaseBackendPids);
}

/**
 * Flushes what earlier work left dirty, so that a write run does not pay for it. A database copied with
 * `createdb -T` (WAL_LOG, PostgreSQL 15's default) leaves gigabytes of WAL behind at scale 10, and the checkpoint
 * it triggers fell into a run's writes: their p99 rose to 200–470 ms (docs/performance.md, eighteenth pass).
 * CHECKPOINT needs a superuser or pg_checkpoint; without either the run goes on and says so.
 */
async function checkpoint(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  await onBenchDatabase((client) => client.query("checkpoint")).catch((error: Error) => {
    console.log(`no checkpoint before the write (${error.message}): its p99 may include one`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
