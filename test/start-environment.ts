// The variables `npm start` sets before node starts: package.json's `start` is `NAME=value … node scripts/start.mjs`.
// glibc reads its malloc settings only when a process starts (ADR 0074), so whatever starts the server another way
// (the process tests, the benches) gives it these to run what a school runs.
import { readFileSync } from "node:fs";
import path from "node:path";

export function startScriptEnvironment(): Record<string, string> {
  const packageJson = path.resolve(import.meta.dirname, "..", "package.json");
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as { scripts: { start: string } };
  const prefix = scripts.start.slice(0, scripts.start.indexOf("node "));
  return Object.fromEntries(
    prefix
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => assignment.split("=", 2) as [string, string]),
  );
}
