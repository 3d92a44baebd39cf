// npx tsx bench/compare.ts A.json B.json [C.json …]: the rows of several `npm run bench` result files side by
// side as a Markdown table (req/s and p99 of each, with each file's dataset in the header), e.g. scale 1 next to
// scale 10 to show that a read costs what it returns and not what is stored (docs/performance.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Row } from "./support";

interface Result {
  database: string;
  readCache: boolean;
  dataset: { opportunities?: number; applications?: number };
  rows: Row[];
}

const files = process.argv.slice(2);
if (files.length < 2) {
  console.error("usage: npx tsx bench/compare.ts A.json B.json [C.json …]");
  process.exit(1);
}
const results = files.map((file) => JSON.parse(readFileSync(file, "utf8")) as Result);
const label = (result: Result, file: string) =>
  `${path.basename(file, ".json").slice(0, 19)} (${result.database}, cache ${result.readCache ? "on" : "off"}, ` +
  `${result.dataset.applications ?? "?"} applications)`;
console.log(
  files
    .map((file, index) => `- ${String.fromCharCode(65 + index)}: ${label(results[index] as Result, file)}`)
    .join("\n"),
);
const names = [...new Set(results.flatMap((result) => result.rows.map((row) => row.name)))];
const header = [
  "read / write",
  ...results.flatMap((_, index) => {
    const letter = String.fromCharCode(65 + index);
    return [`${letter} req/s`, `${letter} p99 ms`];
  }),
];
console.log(`\n| ${header.join(" | ")} |\n| ${header.map(() => "---").join(" | ")} |`);
for (const name of names) {
  const cells = results.flatMap((result) => {
    const row = result.rows.find((candidate) => candidate.name === name);
    return row ? [row.requestsPerSecond.toLocaleString("en"), String(row.p99)] : ["", ""];
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
