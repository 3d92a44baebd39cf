// What the benchmark scripts share: starting the built server, watching its memory, signing in, one autocannon
// run summarised as a row, and a result file written under bench/results/.
import type { ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DISCOVER_PAGE_SIZE } from "@client/screens/dashboard/discover-opportunities";
import autocannon from "autocannon";
import type pg from "pg";
import { startProcess } from "../scripts/measured-app";
import { cpuMsIn, procStat } from "../scripts/process-stat";
import { startScriptEnvironment } from "../test/start-environment";

export { cpuMsOf } from "../scripts/process-stat";

export const root = path.resolve(import.meta.dirname, "..");

/**
 * Writes a run's result as `bench/results/<stamp>-<kind>[-<label>].json`, its date first, and says where; returns
 * the file's path.
 */
export function writeResult(kind: string, label: string, fields: Record<string, unknown>): string {
  const date = new Date().toISOString();
  const file = path.join(
    root,
    "bench/results",
    `${date.replace(/[:.]/g, "-")}-${kind}${label ? `-${label}` : ""}.json`,
  );
  writeFileSync(file, `${JSON.stringify({ date, ...fields }, null, 2)}\n`);
  console.log(`written ${path.relative(root, file)}`);
  return file;
}

/** Per-round figures sorted, with their median (the upper middle one of an even count). */
export function sortedWithMedian(perRound: readonly number[]): { sorted: number[]; median: number } {
  const sorted = [...perRound].sort((a, b) => a - b);
  return { sorted, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}

/**
 * The feed as the student dashboard's Discover asks for it: its first page, recommended by the student's
 * interests, without what they applied to.
 */
export const DISCOVER = `/api/opportunities?sort=recommended&hideApplied=true&limit=${DISCOVER_PAGE_SIZE}&offset=0`;
export const domain =
  (process.env.ALLOWED_EMAIL_DOMAINS ?? "iimb.ac.in").split(",")[0]?.trim() ?? "iimb.ac.in";

export interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
  statuses: Record<string, number>;
  ceilingRequestsPerSecond?: number;
  ceilingFraction?: number;
  /** Whether the row meets its goal (bench/run.ts): "met", "missed", or "" where it has none. */
  goal?: string;
  /** Writes: CPU the server process and the database's backends used per request (Linux, local PostgreSQL). */
  serverCpuMsPerRequest?: number;
  databaseCpuMsPerRequest?: number;
}

/** The process ids of the bench database's backends: every connection to it but `client`'s own (the server's). */
export async function databaseBackendPids(client: pg.Client): Promise<number[]> {
  const result = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return result.rows.map((row) => row.pid);
}

/**
 * CPU time (ms) a process's main thread has used so far: for the server, its event loop. The rest of the process's
 * time is its other threads', chiefly V8's garbage collector (an object shape made per body doubled theirs,
 * docs/performance.md, seventeenth pass).
 */
export function mainThreadCpuMsOf(pid: number): number {
  return cpuMsIn(procStat(pid, pid));
}

/**
 * Minor page faults of the processes so far, summed. A database backend that builds a body past about 128 KB
 * gets fresh memory from the kernel for it on every request, and each page is a fault (docs/performance.md,
 * sixteenth pass).
 */
export function minorFaultsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + Number(procStat(pid)?.[7] ?? 0), 0);
}

/** The built server on the configured database (DATABASE_URL, else PGlite in DATA_DIR), logging warnings only. */
export async function startServer(env: NodeJS.ProcessEnv = {}) {
  // BENCH_PORT pins the server's port (helpers sharing a machine each keep to their own range).
  const port = Number(process.env.BENCH_PORT) || 4400 + Math.floor(Math.random() * 500);
  const server = startProcess(
    "node",
    // BENCH_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
    [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "dist/server/main.js"],
    {
      // BENCH_WITHOUT_START_ENV=1: the server as `node dist/server/main.js` alone starts it (glibc's defaults).
      ...(process.env.BENCH_WITHOUT_START_ENV ? {} : startScriptEnvironment()),
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-not-for-production-use",
      // Production requires the certificates' signing key (ADR 0039): a throwaway one per run.
      CERTIFICATE_SIGNING_KEY: generateKeyPairSync("ed25519")
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
      ...env,
    },
    /running at (http:\/\/\S+)/,
  );
  const baseUrl = (await server.captured).replace("localhost", "127.0.0.1");
  return { ...server, baseUrl };
}

/** Peak resident memory of a process, sampled while it runs. */
export function trackMemory(child: ChildProcess) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
      peak = Math.max(peak, kb * 1024);
    } catch {
      // The process is gone.
    }
  }, 200);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Signs many users in, a few at a time (each sign-in verifies an argon2 hash). */
export async function signInAll(baseUrl: string, emails: readonly string[], password: string) {
  const cookies = new Map<string, string>();
  const queue = [...emails];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let email = queue.shift(); email; email = queue.shift())
        cookies.set(email, await signIn(baseUrl, email, password));
    }),
  );
  return cookies;
}

export async function getJson<T>(baseUrl: string, url: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Responses per second from the first request to the last response. Not autocannon's `requests.average`: that is
 * the mean of one-second samples, and a run of a fixed number of requests (the writes) stops at the first sample
 * tick after its last response, so its time was rounded up to whole seconds: 1,500 applies done in 3.05 s read as
 * 375 a second, and every write rate was one of a few steps (docs/performance.md, fifteenth pass).
 */
export function responsesPerSecond(responses: number, elapsedMs: number): number {
  return elapsedMs > 0 ? Math.round((responses / elapsedMs) * 1000) : 0;
}

export async function measure(
  name: string,
  options: autocannon.Options & { connections: number },
): Promise<Row> {
  const statuses: Record<string, number> = {};
  const started = performance.now();
  let lastResponse = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
      lastResponse = performance.now();
    });
  });
  const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    name,
    requestsPerSecond: responsesPerSecond(total, lastResponse - started),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: total ? Math.round(result.throughput.total / total) : 0,
    // Refusals (4xx) show in the statuses; errors are failed connections, timeouts and server errors.
    errors:
      result.errors +
      result.timeouts +
      Object.entries(statuses)
        .filter(([status]) => Number(status) >= 500)
        .reduce((sum, [, count]) => sum + count, 0),
    statuses,
  };
}
