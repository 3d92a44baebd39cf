// npm run bench:notifications: what the notification writes cost the decisions that make them (issue 17). Runs
// bench/notification-cost/ in vitest's bench mode (tinybench) on the configured database (DATABASE_URL, else
// PGlite): approve hours and accept an application, each with notify() as the product runs it and with notify()
// replaced by a no-op (vi.mock in without.bench.ts), one after the other in the same run; on PostgreSQL also 10
// decisions at once. Each variant runs in a vitest process of its own, on a fresh copy of the database; --rounds
// repeats the pair in alternating order. Prints one table (medians of the rounds) with the difference, and writes
// it as JSON under bench/results/.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CONCURRENCY, type Variant } from "./notification-cost/variants";
import { root } from "./support";

const { values } = parseArgs({
  options: {
    // Milliseconds each bench runs after its warm-up.
    time: { type: "string", default: "2000" },
    // Each round runs both variants, in alternating order; the table gives the median of the rounds.
    rounds: { type: "string", default: "3" },
    label: { type: "string", default: "" },
  },
});

interface Stats {
  name: Variant;
  hz: number;
  mean: number;
  median: number;
  p75: number;
  p99: number;
  p999: number;
  rme: number;
  sampleCount: number;
}
interface Report {
  files: { filepath: string; groups: { fullName: string; benchmarks: Stats[] }[] }[];
}

const fixed = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

const ROUNDS = Number(values.rounds);
const VARIANTS = ["with notifications", "without notifications"] as const satisfies readonly Variant[];
const fileOf = (variant: Variant) => `bench/notification-cost/${variant.split(" ")[0]}.bench.ts`;
const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** One variant's benches in a vitest process of their own: tinybench's figures per group, and the rows written. */
async function runVariant(variant: Variant, folder: string) {
  const reportFile = path.join(folder, "report.json");
  const vitest = spawn(
    path.join(root, "node_modules", ".bin", "vitest"),
    [
      "bench",
      "--run",
      "--config",
      "bench/vitest.bench.config.ts",
      "--outputJson",
      reportFile,
      fileOf(variant),
    ],
    {
      cwd: root,
      env: { ...process.env, BENCH_TIME_MS: values.time, BENCH_NOTIFY_OUT: folder },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const code = await new Promise<number | null>((resolve) => vitest.on("exit", resolve));
  if (code !== 0) throw new Error(`vitest bench of ${variant} exited with ${code}`);
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
  const groups = new Map<string, Stats>();
  for (const file of report.files)
    for (const group of file.groups)
      for (const benchmark of group.benchmarks)
        groups.set(group.fullName.split(" > ").slice(1).join(" > "), benchmark);
  const written = JSON.parse(readFileSync(path.join(folder, `${variant.replace(/ /g, "-")}.json`), "utf8"));
  return { groups, written };
}

const folder = mkdtempSync(path.join(os.tmpdir(), "seva-bench-notifications-"));
try {
  // Rounds alternate the order (with, without; without, with; …) so that neither variant always runs first, on
  // a machine that may be busier at one moment than the next.
  const rounds: { variant: Variant; groups: Map<string, Stats>; written: unknown }[][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? VARIANTS : ([...VARIANTS].reverse() as Variant[]);
    const results = [];
    for (const variant of order) {
      const roundFolder = path.join(folder, `${round}-${variant.split(" ")[0]}`);
      console.log(`round ${round + 1} of ${ROUNDS}: ${variant}…`);
      results.push({ variant, ...(await runVariant(variant, roundFolder)) });
    }
    rounds.push(results);
  }

  const decisions = [...(rounds[0]?.[0]?.groups.keys() ?? [])];
  const summary = (decision: string, variant: Variant) => {
    const runs = rounds.flatMap((round) =>
      round.filter((result) => result.variant === variant).map((result) => result.groups.get(decision)),
    );
    const stats = runs.filter((run): run is Stats => run !== undefined);
    if (stats.length === 0) return undefined;
    const at = decision.includes("at once") ? CONCURRENCY : 1;
    const of = (pick: (run: Stats) => number, digits = 3) => fixed(median(stats.map(pick)), digits);
    return {
      decisionsPerSecond: of((run) => run.hz * at, 1),
      meanMs: of((run) => run.mean),
      p50Ms: of((run) => run.median),
      p75Ms: of((run) => run.p75),
      p99Ms: of((run) => run.p99),
      p999Ms: of((run) => run.p999),
      rmePercent: of((run) => run.rme, 2),
      samples: stats.reduce((sum, run) => sum + run.sampleCount, 0),
      meanMsPerRound: stats.map((run) => fixed(run.mean)),
    };
  };
  const rows = decisions.map((decision) => {
    const withThem = summary(decision, "with notifications");
    const without = summary(decision, "without notifications");
    return {
      decision,
      decisionsPerIteration: decision.includes("at once") ? CONCURRENCY : 1,
      with: withThem,
      without,
      difference: withThem &&
        without && {
          meanMs: fixed(withThem.meanMs - without.meanMs),
          meanPercent: fixed(((withThem.meanMs - without.meanMs) / without.meanMs) * 100, 1),
          p50Ms: fixed(withThem.p50Ms - without.p50Ms),
          p50Percent: fixed(((withThem.p50Ms - without.p50Ms) / without.p50Ms) * 100, 1),
          decisionsPerSecondPercent: fixed(
            ((withThem.decisionsPerSecond - without.decisionsPerSecond) / without.decisionsPerSecond) * 100,
            1,
          ),
        },
    };
  });
  const written = rounds.flatMap((round) => round.map((result) => result.written));
  const signed = (value: number) => (value >= 0 ? `+${value}` : String(value));

  console.table(
    rows.flatMap((row) =>
      (["with", "without"] as const).map((variant) => {
        const stats = row[variant];
        return {
          decision: row.decision,
          notifications: variant,
          "decisions/s": stats?.decisionsPerSecond,
          "mean ms": stats?.meanMs,
          "p50 ms": stats?.p50Ms,
          "p75 ms": stats?.p75Ms,
          "p99 ms": stats?.p99Ms,
          "p999 ms": stats?.p999Ms,
          rme: stats && `±${stats.rmePercent}%`,
          samples: stats?.samples,
          "cost (mean)":
            variant === "with" && row.difference
              ? `${signed(row.difference.meanMs)} ms (${signed(row.difference.meanPercent)}%)`
              : "",
        };
      }),
    ),
  );
  console.log("rows written (warm-up included):", JSON.stringify(written));
  const database = process.env.DATABASE_URL ? "postgres" : "pglite";
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(
    root,
    "bench",
    "results",
    `${stamp}-notification-cost-${database}${values.label ? `-${values.label}` : ""}.json`,
  );
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), database, benchTimeMs: Number(values.time), rounds: ROUNDS, rowsWritten: written, rows }, null, 2)}\n`,
  );
  console.log(`written ${path.relative(root, file)}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
