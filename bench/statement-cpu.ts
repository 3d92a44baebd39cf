// npx tsx bench/statement-cpu.ts [--runs 400] [--rounds 5] [--label name] <file.sql>...: CPU milliseconds of the
// database backend per execution of each statement, run as a prepared statement on one connection to
// DATABASE_URL, the files alternating round by round (so a host that drifts drifts for all of them); prints the
// range and median per file and writes them as JSON under bench/results/. For variants of one statement written by
// hand: bench/statements/ holds those of the twenty-fifth pass (docs/performance.md), with the setup they need.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { cpuMsOf, root } from "./support";

const { values, positionals } = parseArgs({
  options: {
    runs: { type: "string", default: "400" },
    rounds: { type: "string", default: "5" },
    label: { type: "string", default: "" },
  },
  allowPositionals: true,
});
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const WARM_UP = 20;

async function main() {
  if (positionals.length === 0) throw new Error("name one or more .sql files");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]?.pid ?? 0;
    const cpuMs = () => cpuMsOf([pid]).get(pid) ?? 0;
    const statements = positionals.map((file, index) => ({
      file: path.relative(root, path.resolve(file)),
      name: `statement_cpu_${index}`,
      text: readFileSync(file, "utf8").trim().replace(/;$/, ""),
      perRound: [] as number[],
      bytes: 0,
    }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const statement of statements) {
        const run = () => client.query({ name: statement.name, text: statement.text, rowMode: "array" });
        for (let index = 0; index < WARM_UP; index++) await run();
        const result = await run();
        statement.bytes = result.rows.reduce(
          (sum: number, row: unknown[]) => sum + String(row.join("")).length,
          0,
        );
        const start = cpuMs();
        for (let index = 0; index < RUNS; index++) await run();
        statement.perRound.push((cpuMs() - start) / RUNS);
      }
    }
    const table = statements.map(({ file, perRound, bytes }) => {
      const sorted = [...perRound].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      console.log(
        `${file}: database ${sorted.map((ms) => ms.toFixed(2)).join(" ")} ms CPU per execution, median ${median.toFixed(2)}; ${bytes} characters`,
      );
      return { file, databaseMsPerRound: perRound, medianMs: median, characters: bytes };
    });
    const date = new Date().toISOString();
    const file = path.join(
      root,
      "bench/results",
      `${date.replace(/[:.]/g, "-")}-statement-cpu${values.label ? `-${values.label}` : ""}.json`,
    );
    writeFileSync(file, `${JSON.stringify({ date, runs: RUNS, rounds: ROUNDS, rows: table }, null, 2)}\n`);
    console.log(`written ${path.relative(root, file)}`);
  } finally {
    await client.end();
  }
}

await main();
