// npx tsx bench/decision-cpu.ts [--runs 200] [--rounds 6] [--label name] [variant.sql[+more.sql] ...]: CPU ms of
// the database backend per hours approval, the real paying path (approveHours) on one connection to DATABASE_URL,
// each approval rolled back so every one starts from the same data. Each round runs in one transaction that
// first applies a variant's SQL (CREATE OR REPLACE of trigger functions, say) and is rolled back at its end, so a
// variant changes nothing outside its rounds; "as-built" (no file) runs the migrated schema. Variants alternate
// round by round, so a host that drifts drifts for all of them. The approvals take turns over the first
// applications with hours under review, and the tables they write are vacuumed between rounds (rolled-back rows
// would otherwise pile up in their indexes). Prints the range and median per variant and writes them as JSON
// under bench/results/. Run it on a copy of generated data (`npm run bench:generate`), never on a live school.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openPostgres, type Transaction } from "@server/db/client";
import { users } from "@server/db/schema";
import { rowsOf } from "@server/lib/sql";
import { approveHours } from "@server/modules/hours/hours.service";
import { eq, sql } from "drizzle-orm";
import { cpuMsOf, sortedWithMedian, writeResult } from "./support";

const { values, positionals } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    rounds: { type: "string", default: "6" },
    applications: { type: "string", default: "20" },
    label: { type: "string", default: "" },
  },
  allowPositionals: true,
});
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const WARM_UP = 20;
const WRITTEN_TABLES = [
  "applications",
  "hour_submissions",
  "application_events",
  "coin_ledger",
  "users",
  "user_badges",
  "notifications",
  "coin_totals",
  "opportunity_coin_totals",
  "student_totals",
  "period_counts",
  "period_score_counts",
  "score_counts",
  "community_totals",
  "opportunity_totals",
  "application_daily",
  "application_counts",
  "opportunities",
];

/** Thrown to roll a transaction (or its savepoint) back. */
class RolledBack extends Error {}

const rolledBack = async (work: () => Promise<void>) => {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) throw new Error("set DATABASE_URL to a copy of the generated data");
  const variants = [
    { name: "as-built", text: "" },
    // "a.sql+b.sql" is one variant: both files, in that order.
    ...positionals.map((files) => ({
      name: files
        .split("+")
        .map((file) => path.basename(file, ".sql"))
        .join("+"),
      text: files
        .split("+")
        .map((file) => readFileSync(path.resolve(file), "utf8"))
        .join("\n"),
    })),
  ].map((variant) => ({ ...variant, perRound: [] as number[] }));
  const handle = await openPostgres(url, 1);
  const { db } = handle;
  try {
    const [{ pid } = { pid: 0 }] = rowsOf<{ pid: number }>(
      await db.execute(sql`select pg_backend_pid() as pid`),
    );
    const cpuMs = () => cpuMsOf([pid]).get(pid) ?? 0;
    const [reviewer] = await db
      .select()
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(users.id)
      .limit(1);
    if (!reviewer) throw new Error("no admin in the data: run npm run bench:generate first");
    const candidates = rowsOf<{ id: number; hours: string }>(
      await db.execute(sql`select a.id, h.hours from applications a
        join hour_submissions h on h.application_id = a.id and h.status = 'pending'
        where a.status = 'hours_submitted' order by a.id limit ${Number(values.applications)}`),
    );
    if (candidates.length === 0) throw new Error("no hours under review in the data");

    const approveOnce = async (tx: Transaction, turn: number) => {
      const candidate = candidates[turn % candidates.length] as { id: number; hours: string };
      await rolledBack(() =>
        tx.transaction(async (savepoint) => {
          const result = await approveHours(savepoint as never, reviewer, candidate.id, {
            coinsAwarded: Math.round(Number(candidate.hours) * 10),
            feedback: null,
          });
          if (result.application.status !== "hours_approved") throw new Error("the approval did not happen");
          throw new RolledBack();
        }),
      );
    };

    for (let round = 0; round < ROUNDS; round++) {
      for (const variant of variants) {
        await rolledBack(() =>
          db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('seva.defer_notices', 'on', true)`);
            if (variant.text) await tx.execute(sql.raw(variant.text));
            for (let turn = 0; turn < WARM_UP; turn++) await approveOnce(tx, turn);
            const start = cpuMs();
            for (let turn = 0; turn < RUNS; turn++) await approveOnce(tx, turn);
            variant.perRound.push((cpuMs() - start) / RUNS);
            throw new RolledBack();
          }),
        );
        await db.execute(sql.raw(`vacuum ${WRITTEN_TABLES.join(", ")}`));
      }
    }
    const table = variants.map(({ name, perRound }) => {
      const { sorted, median } = sortedWithMedian(perRound);
      console.log(
        `${name}: database ${sorted.map((ms) => ms.toFixed(3)).join(" ")} ms CPU per approval, median ${median.toFixed(3)}`,
      );
      return { name, databaseMsPerRound: perRound, medianMs: median };
    });
    writeResult("decision-cpu", values.label, {
      runs: RUNS,
      rounds: ROUNDS,
      applications: candidates.length,
      rows: table,
    });
  } finally {
    await handle.close();
  }
}

await main();
