// npm run bench: starts the built server on the generated data (DATABASE_URL, else PGlite in DATA_DIR), signs in
// as a student and an admin, and measures each main read and write with autocannon (10 connections), next to a
// bare Fastify route answering a constant body of the same size (the machine's ceiling in the same run).
// Prints one table and writes it as JSON under bench/results/.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { BENCH_ADMIN_PASSWORD, BENCH_STUDENT_PASSWORD, benchAdminEmail } from "./credentials";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    label: { type: "string", default: "" },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const domain = (process.env.ALLOWED_EMAIL_DOMAINS ?? "iimb.ac.in").split(",")[0]?.trim() ?? "iimb.ac.in";

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
  statuses: Record<string, number>;
  ceilingFraction?: number;
}

function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(ready);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${command} exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

/** Peak resident memory of a process, sampled while it runs. */
function trackMemory(child: ChildProcess) {
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

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
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

async function getJson<T>(baseUrl: string, url: string, cookie: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const statuses: Record<string, number> = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, duration: DURATION, ...options },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: total ? Math.round(result.throughput.total / total) : 0,
    errors: result.errors + result.timeouts,
    statuses,
  };
}

async function main() {
  const port = 4400 + Math.floor(Math.random() * 500);
  const server = startProcess(
    "node",
    ["dist/server/main.js"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-not-for-production-use",
    },
    /running at (http:\/\/\S+)/,
  );
  const baseUrl = (await server.url).replace("localhost", "127.0.0.1");
  const memory = trackMemory(server.child);
  const rows: Row[] = [];
  try {
    const admin = await signIn(baseUrl, benchAdminEmail(domain), BENCH_ADMIN_PASSWORD);
    const sample = await getJson<{ userId: number; user: { email: string }; opportunityId: number }[]>(
      baseUrl,
      "/api/admin/applications?limit=100",
      admin,
    );
    const studentEmails = [...new Set(sample.map((row) => row.user.email))].slice(0, 20);
    const first = sample[0];
    if (!first) throw new Error("no generated data: run npm run bench:generate first");
    const student = await signIn(baseUrl, first.user.email, BENCH_STUDENT_PASSWORD);
    const feed = await fetch(`${baseUrl}/api/opportunities`, { headers: { cookie: student } });
    const etag = feed.headers.get("etag") ?? "";
    const opportunities = ((await feed.json()) as { opportunities: { id: number }[] }).opportunities;

    const reads: [string, string, string, Record<string, string>?][] = [
      ["current user", "/api/auth/user", student],
      ["opportunity list", "/api/opportunities", student],
      ["opportunity list (If-None-Match)", "/api/opportunities", student, { "if-none-match": etag }],
      ["opportunity detail", `/api/opportunities/${first.opportunityId}`, student],
      ["a student's applications", `/api/applications/user/${first.userId}`, student],
      ["leaderboard all-time", "/api/leaderboard?timeframe=all&limit=50", student],
      ["leaderboard month", "/api/leaderboard?timeframe=month&limit=50", student],
      ["admin pending applications", "/api/admin/applications?status=pending&limit=100", admin],
      ["admin opportunities", "/api/admin/opportunities", admin],
      ["opportunity progress", "/api/opportunity-progress", admin],
      ["analytics 30 days", "/api/analytics?dateRange=30", admin],
    ];
    for (const [name, url, cookie, headers] of reads) {
      rows.push(await measure(name, { url: `${baseUrl}${url}`, headers: { cookie, ...headers } }));
      console.log(`measured ${name}`);
    }

    const cookies = await Promise.all(
      studentEmails.map((email) => signIn(baseUrl, email, BENCH_STUDENT_PASSWORD)),
    );
    let next = 0;
    rows.push(
      await measure("apply (write)", {
        url: `${baseUrl}/api/applications`,
        requests: [
          {
            method: "POST",
            setupRequest: (request) => {
              const index = next++;
              const opportunity = opportunities[Math.floor(index / cookies.length) % opportunities.length];
              return {
                ...request,
                path: "/api/applications",
                headers: {
                  cookie: cookies[index % cookies.length] ?? "",
                  "content-type": "application/json",
                },
                body: JSON.stringify({ opportunityId: opportunity?.id }),
              };
            },
          },
        ],
      }),
    );
  } finally {
    memory.stop();
    server.child.kill("SIGTERM");
  }

  // The ceiling: a constant body the size of the largest read, in the same run.
  const largest = Math.max(...rows.map((row) => row.bytes));
  const ceilingProcess = startProcess(
    "node",
    ["bench/ceiling-server.mjs"],
    { BODY_BYTES: String(largest) },
    /listening on (\d+)/,
  );
  const ceilingPort = await ceilingProcess.url;
  const ceiling = await measure(`ceiling (constant ${largest} B)`, {
    url: `http://127.0.0.1:${ceilingPort}/constant`,
  });
  ceilingProcess.child.kill("SIGTERM");
  for (const row of rows)
    row.ceilingFraction = Math.round((row.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000;

  const table = [...rows, ceiling].map((row) => ({
    read: row.name,
    "req/s": row.requestsPerSecond,
    "p50 ms": row.p50,
    "p99 ms": row.p99,
    bytes: row.bytes,
    errors: row.errors,
    statuses: Object.entries(row.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(" "),
    "of ceiling": row.ceilingFraction === undefined ? "" : `${Math.round(row.ceilingFraction * 100)}%`,
  }));
  console.table(table);
  const database = process.env.DATABASE_URL ? "postgres" : "pglite";
  console.log(
    `server peak memory: ${(memory.peak() / 1024 / 1024).toFixed(0)} MB (${database}, ${CONNECTIONS} connections, ${DURATION} s each)`,
  );
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(
    root,
    "bench",
    "results",
    `${stamp}-${database}${values.label ? `-${values.label}` : ""}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), database, connections: CONNECTIONS, durationSeconds: DURATION, peakMemoryBytes: memory.peak(), ceiling, rows }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
