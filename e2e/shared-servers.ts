// The shared browser-test servers: one per Playwright worker, each with its own database seeded with the demo, so
// two spec files running side by side never see each other's students, applications or school-wide totals
// (ADR 0069). playwright.config.ts starts them; a worker talks only to its own.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

/**
 * As many workers as cores, at most four: the run is CPU-bound, and one worker left a third of CI's two cores idle
 * while it waited on its pages (ADR 0069). SEVA_E2E_WORKERS overrides it (1 runs every spec in turn).
 */
export const WORKERS = Math.max(
  1,
  Math.min(Number(process.env.SEVA_E2E_WORKERS) || availableParallelism(), 4),
);

// SEVA_E2E_PORT lets two runs share a machine: the servers take that port and the next ones.
const FIRST_PORT = Number(process.env.SEVA_E2E_PORT ?? 4173);

export function sharedServerPort(index: number): number {
  return FIRST_PORT + index;
}

/**
 * This worker's server. Playwright numbers its workers' slots from 0 in TEST_PARALLEL_INDEX, which a worker
 * started again after a failure inherits; the runner's own process, which has none, reads server 0.
 */
export const BASE_URL = `http://127.0.0.1:${sharedServerPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0))}`;

/**
 * The PostgreSQL database of server `index`: DATABASE_URL's for the first, a sibling named after it for the others
 * (created empty by `createSiblingDatabases`, so each seeds its own demo).
 */
export function sharedServerDatabaseUrl(databaseUrl: string, index: number): string {
  if (index === 0) return databaseUrl;
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname}_${index}`;
  return url.toString();
}

/**
 * Creates the empty sibling databases the other servers need, and drops them as the runner exits. Synchronous, as
 * Playwright reads its configuration synchronously: a short node process with the pg client does the work.
 */
export function createSiblingDatabases(databaseUrl: string, count: number): void {
  const names = Array.from({ length: count - 1 }, (_, i) =>
    new URL(sharedServerDatabaseUrl(databaseUrl, i + 1)).pathname.slice(1),
  );
  if (names.length === 0) return;
  runOnServer(
    databaseUrl,
    names.flatMap((name) => [`drop database if exists "${name}" with (force)`, `create database "${name}"`]),
  );
  process.on("exit", () =>
    runOnServer(
      databaseUrl,
      names.map((name) => `drop database if exists "${name}" with (force)`),
    ),
  );
}

function runOnServer(databaseUrl: string, statements: string[]): void {
  const script = `
    const pg = require("pg");
    const client = new pg.Client({ connectionString: process.env.SEVA_E2E_ADMIN_URL });
    (async () => {
      await client.connect();
      for (const statement of JSON.parse(process.env.SEVA_E2E_STATEMENTS)) await client.query(statement);
      await client.end();
    })().catch((error) => { console.error(error.message); process.exit(1); });`;
  const result = spawnSync(process.execPath, ["-e", script], {
    env: { ...process.env, SEVA_E2E_ADMIN_URL: databaseUrl, SEVA_E2E_STATEMENTS: JSON.stringify(statements) },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`preparing the browser tests' databases failed: ${result.stderr}`);
}
