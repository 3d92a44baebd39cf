// npx tsx bench/statement-cpu.ts [--runs 400] [--rounds 5] [--label name] <file.sql | variants.ts>...: CPU
// milliseconds of the database backend per execution of each statement, run as a prepared statement on one
// connection to DATABASE_URL, the statements alternating round by round (so a host that drifts drifts for all of
// them); prints the range and median per statement and writes them as JSON under bench/results/. A .ts file
// exports `statements`, variants of one statement ({ name, text }): bench/statements/ holds those of the
// twenty-fifth pass (docs/performance.md), with the setup they need.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { cpuMsOf, root, sortedWithMedian, writeResult } from "./support";

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

/** The statements a file names: a .sql file's one, or a .ts module's `statements`. */
async function statementsIn(file: string): Promise<{ name: string; text: string }[]> {
  const resolved = path.resolve(file);
  if (!resolved.endsWith(".ts"))
    return [{ name: path.relative(root, resolved), text: readFileSync(resolved, "utf8") }];
  const module = (await import(resolved)) as { statements: { name: string; text: string }[] };
  return module.statements;
}

async function main() {
  if (positionals.length === 0) throw new Error("name one or more .sql or variants .ts files");
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]?.pid ?? 0;
    const cpuMs = () => cpuMsOf([pid]).get(pid) ?? 0;
    const statements = (await Promise.all(positionals.map(statementsIn))).flat().map((statement, index) => ({
      ...statement,
      text: statement.text.trim().replace(/;$/, ""),
      preparedAs: `statement_cpu_${index}`,
      perRound: [] as number[],
      characters: 0,
    }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const statement of statements) {
        const run = () =>
          client.query({ name: statement.preparedAs, text: statement.text, rowMode: "array" });
        for (let index = 0; index < WARM_UP; index++) await run();
        const result = await run();
        statement.characters = result.rows.reduce(
          (sum: number, row: unknown[]) => sum + row.join("").length,
          0,
        );
        const start = cpuMs();
        for (let index = 0; index < RUNS; index++) await run();
        statement.perRound.push((cpuMs() - start) / RUNS);
      }
    }
    const table = statements.map(({ name, perRound, characters }) => {
      const { sorted, median } = sortedWithMedian(perRound);
      console.log(
        `${name}: database ${sorted.map((ms) => ms.toFixed(2)).join(" ")} ms CPU per execution, median ${median.toFixed(2)}; ${characters} characters`,
      );
      return { name, databaseMsPerRound: perRound, medianMs: median, characters };
    });
    writeResult("statement-cpu", values.label, { runs: RUNS, rounds: ROUNDS, rows: table });
  } finally {
    await client.end();
  }
}

await main();
