// npm run bench:search -- [--iterations 200] [--label name]
// What finding opportunities costs (issue 18, ADR 0034): every filter alone, pairs, search text with each sort
// and 'recommended' for a student with interests, each asked of GET /api/opportunities one request at a time,
// in process (Fastify's inject) and uncached (no change feed, so the read cache is off): the point is the query.
// Reports p50/p99 per combination against the goal (p99 < 25 ms) and writes the JSON to bench/results/.
// Runs on the generated data (npm run bench:generate) in DATABASE_URL, else PGlite in DATA_DIR. The generator
// gives no opportunity a start date or a capacity: the first run gives them some (deterministic from the id),
// and gives the first student interests, so the date, room and recommended filters have work to do.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "@server/app";
import { ConfigError, loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { rowsOf } from "@server/lib/sql";
import { sql } from "drizzle-orm";
import { BENCH_STUDENT_PASSWORD } from "./credentials";
import { root } from "./support";

const { values } = parseArgs({
  options: {
    iterations: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    label: { type: "string", default: "" },
  },
});
const ITERATIONS = Number(values.iterations);
const WARMUP = Number(values.warmup);
const GOAL_P99_MS = 25;

/** The grid: each filter alone, pairs, search text with each sort, recommended. Query strings of the API. */
const COMBINATIONS: [string, string][] = [
  ["newest (no filter)", "sort=new"],
  ["type", "type=teaching"],
  ["skills", "skills=Maths&skills=Arts"],
  ["duration", "duration=instant&duration=1-3days"],
  ["location", "location=campus"],
  ["hasRoom", "hasRoom=true"],
  ["minCoinsPerHour", "minCoinsPerHour=20"],
  ["startsFrom", "startsFrom=2026-12-01"],
  ["search", "search=donation"],
  ["search prefix", "search=mento"],
  ["search phrase and -word", `search=${encodeURIComponent('"blood donation" -winter')}`],
  ["search + relevance", "search=teaching english&sort=relevance"],
  ["search + new", "search=teaching&sort=new"],
  ["search + high_reward", "search=teaching&sort=high_reward"],
  ["search + soonest", "search=teaching&sort=soonest"],
  ["search + recommended", "search=teaching&sort=recommended"],
  ["sort high_reward", "sort=high_reward"],
  ["sort soonest", "sort=soonest"],
  ["sort recommended (interests)", "sort=recommended"],
  ["type + skills", "type=donation&skills=Arts"],
  ["skills + hasRoom", "skills=Maths&hasRoom=true"],
  ["location + minCoinsPerHour", "location=campus&minCoinsPerHour=15"],
  ["startsFrom + soonest", "startsFrom=2026-12-01&sort=soonest"],
  ["hasRoom + recommended", "hasRoom=true&sort=recommended"],
  ["search + hasRoom + relevance", "search=mentor&hasRoom=true&sort=relevance"],
  [
    "every filter + relevance",
    "search=teach&type=teaching&skills=Languages&duration=1week&location=campus&hasRoom=true&minCoinsPerHour=1&startsFrom=2026-01-01&sort=relevance",
  ],
  ["hideApplied + recommended", "hideApplied=true&sort=recommended"],
  ["page 3 (offset 24)", "sort=high_reward&limit=12&offset=24"],
];

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
const round = (value: number) => Math.round(value * 100) / 100;

async function run() {
  const config = loadConfig({ ...process.env, SEED_DEMO: "false", READ_CACHE: "false" });
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await db.execute(sql`update opportunities set
        starts_at = now() + make_interval(days => (id % 120) - 20, hours => id % 10),
        ends_at = now() + make_interval(days => (id % 120) - 20, hours => id % 10 + 3),
        capacity = case when id % 2 = 0 then 60 + id % 120 end
      where not exists (select 1 from opportunities where starts_at is not null)`);
    const [student] = rowsOf<{ id: number; email: string }>(
      await db.execute(sql`select id, email from users where role = 'student' order by id limit 1`),
    );
    if (!student) throw new Error("No students: run npm run bench:generate first");
    await db.execute(
      sql`update users set interest_skills = '{Maths,Languages}', interest_types = '{teaching}' where id = ${student.id}`,
    );
    // Fresh data has no visibility map yet: without it the place counts read the heap (autovacuum does this in
    // a running school).
    await db.execute(sql`vacuum analyze`);
    const [counts] = rowsOf<Record<string, number>>(
      await db.execute(sql`select (select count(*)::int from opportunities) as opportunities,
        (select count(*)::int from applications) as applications`),
    );

    // No change feed: nothing is cached, every request reads the database.
    const app = await buildApp({ db, config, logger: false });
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: student.email, password: BENCH_STUDENT_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`Sign-in failed: ${login.body}`);
    const cookie = [login.headers["set-cookie"]]
      .flat()
      .map((header) => String(header).split(";")[0])
      .join("; ");

    const rows = [];
    for (const [name, query] of COMBINATIONS) {
      const url = `/api/opportunities?${query}`;
      const times: number[] = [];
      let total = 0;
      for (let index = 0; index < WARMUP + ITERATIONS; index++) {
        const started = performance.now();
        const response = await app.inject({ method: "GET", url, headers: { cookie } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        if (index === 0) total = (response.json() as { total: number }).total;
        if (index >= WARMUP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      const row = {
        name,
        query,
        total,
        p50: round(percentile(times, 0.5)),
        p99: round(percentile(times, 0.99)),
        max: round(times.at(-1) ?? 0),
      };
      rows.push(row);
      console.log(
        `${name.padEnd(32)} ${String(row.total).padStart(5)} found  p50 ${row.p50.toFixed(2).padStart(6)} ms  p99 ${row.p99.toFixed(2).padStart(6)} ms${row.p99 >= GOAL_P99_MS ? "  OVER GOAL" : ""}`,
      );
    }
    await app.close();

    const worst = Math.max(...rows.map((row) => row.p99));
    console.log(
      `\nWorst p99 ${worst} ms (goal < ${GOAL_P99_MS} ms) on ${database.kind}, ${JSON.stringify(counts)}`,
    );
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(
      root,
      "bench/results",
      `${stamp}-search-${database.kind}${values.label ? `-${values.label}` : ""}.json`,
    );
    writeFileSync(
      file,
      `${JSON.stringify({ database: database.kind, counts, iterations: ITERATIONS, goalP99Ms: GOAL_P99_MS, worstP99: worst, rows }, null, 2)}\n`,
    );
    console.log(`Written to ${path.relative(root, file)}`);
    if (worst >= GOAL_P99_MS) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
