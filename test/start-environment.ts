// The variables `npm start` sets before node starts: package.json's `start` is `NAME=value … node scripts/start.mjs`.
// glibc reads its malloc settings only when a process starts (ADR 0074), so whatever starts the server another way
// (the process tests, the benches) gives it these to run what a school runs.
import { readFileSync } from "node:fs";
import path from "node:path";

export function startScriptEnvironment(): Record<string, string> {
  const packageJson = path.resolve(import.meta.dirname, "..", "package.json");
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as { scripts: { start: string } };
  const environment: Record<string, string> = {};
  // The leading words of the form NAME=value, up to the command; a value keeps any "=" of its own.
  for (const word of scripts.start.trim().split(/\s+/)) {
    const assignment = /^(\w+)=(.*)$/.exec(word);
    if (!assignment?.[1]) break;
    environment[assignment[1]] = assignment[2] ?? "";
  }
  return environment;
}
