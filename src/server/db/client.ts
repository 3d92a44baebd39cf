// Opens the database: PostgreSQL through DATABASE_URL, else embedded PGlite in DATA_DIR. Both speak the same
// SQL and run the same migrations, so the rest of the server only sees `Database`.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../paths";
import { CHANGE_CHANNEL, type ChangeSource } from "./change-tracker";
import { ANNOUNCE_STATEMENT, type Announce, batchAnnouncements, deferNotices } from "./deferred-notices";
import { prepareRepeatedStatements } from "./prepared-statements";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services that take part in a caller's transaction accept `Database | Transaction`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** The embedded instance, when kind is "pglite" (tests dump and clone it). */
  pglite?: PGlite;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** The committed changes announced by the database (see change-tracker.ts). */
  changes: ChangeSource;
  /** Announces topics outside any transaction, where notices are deferred (PostgreSQL, ADR 0045). */
  announce?: Announce;
  close(): Promise<void>;
}

const MIGRATION_LOCK_KEY = 4242001;

export async function openPostgres(
  url: string,
  poolSize: number,
  onIdleClientError: (error: Error) => void = (error) =>
    console.warn("PostgreSQL idle client error:", error.message),
): Promise<DatabaseHandle> {
  // The driver is loaded here, not at the top: the embedded database never holds pg (≈ 15 MB, ADR 0044).
  const [
    { default: pg },
    { drizzle: drizzlePg },
    { migrate: migratePg },
    { listenPostgres, TCP_KEEPALIVE },
    { deferringTransactions },
  ] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
    import("./postgres-listener"),
    import("./deferring-transaction"),
  ]);
  // A database that stops answering fails requests after a few seconds instead of holding them for minutes, and
  // TCP keepalive finds connections a NAT or firewall has silently dropped.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    options: settingFlags(PLANNER_SETTINGS).join(" "),
    ...TCP_KEEPALIVE,
  });
  // An idle connection dropped by the server (restart, termination) must not crash the process: the pool
  // discards it and the next query opens a new one.
  pool.on("error", onIdleClientError);
  // A connection that breaks while checked out (a transaction between two statements, say) emits "error" where
  // the pool no longer listens, and an unheard "error" would end the process. Heard here, it only fails that
  // connection's next query (answered 503) and the pool replaces it.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
    prepareRepeatedStatements(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  // Notices announced after each commit, in a commit that does not wait for the disk (ADR 0045); concurrent
  // transactions' announcements share one statement (ADR 0051).
  const announce: Announce = batchAnnouncements(async (topics) => {
    await pool.query(ANNOUNCE_STATEMENT, [topics]);
  });
  deferNotices(db, { transaction: deferringTransactions(pool, db), announce });
  return {
    db,
    announce,
    kind: "postgres",
    async migrate() {
      // One connection holds an advisory lock while it migrates, so two servers booting together never race.
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(connection), { migrationsFolder: migrationsFolder() });
      } finally {
        await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    changes: { listen: (onChange, onLive) => listenPostgres(url, onChange, onLive) },
    close: () => pool.end(),
  };
}

/**
 * Planner settings for every connection of both engines (docs/decisions/0053). Memoize caches a nested loop's
 * inner rows by key and sizes its hash table by the rows the planner expects, so a ranking's page of 50, joined
 * to its students under a plan that expects 23,000, allocated and cleared two tables of that size on every
 * execution without one hit: the term's leaderboard cost 1.4 ms of database time against 0.45 ms without it.
 * This app's nested loops join pages to rows by primary key, where a cache cannot hit.
 */
export const PLANNER_SETTINGS: readonly (readonly [string, string])[] = [["enable_memoize", "off"]];

/** Settings as PostgreSQL's `-c name=value` flags: PGlite's start and a connection's options take them. */
const settingFlags = (settings: readonly (readonly [string, string])[]) =>
  settings.flatMap(([name, value]) => ["-c", `${name}=${value}`]);

/**
 * PostgreSQL's memory settings for the embedded database, all inside PGlite's WASM heap, which never shrinks
 * (ADR 0044). The defaults (shared_buffers 128 MB, sized for a server of its own) are touched and stay resident;
 * these fit one process of a small deployment. Reads that miss shared_buffers come from the operating system's
 * file cache; the app's read cache answers most reads before they reach the database.
 */
const EMBEDDED_SETTINGS = {
  shared_buffers: "32MB",
  wal_buffers: "1MB",
  temp_buffers: "2MB",
  maintenance_work_mem: "16MB",
  work_mem: "4MB",
  max_connections: "4",
};

export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...settingFlags([...Object.entries(EMBEDDED_SETTINGS), ...PLANNER_SETTINGS]),
];

/**
 * Creates the embedded cluster in a folder that has none, in a short-lived child process. PGlite's initdb runs a
 * second PostgreSQL and the initdb program, each with its own WASM heap, and neither is released after it
 * ends (≈ 550 MB kept for the life of the process, ADR 0044); in a child they are gone when it exits.
 */
async function initialiseCluster(dataDir: string) {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve("@electric-sql/pglite"))});
await (await PGlite.create({ dataDir: process.argv[1], startParams: JSON.parse(process.argv[2]) })).close();`;
  await promisify(execFile)(
    process.execPath,
    ["--input-type=module", "-e", script, dataDir, JSON.stringify(EMBEDDED_START_PARAMS)],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  if (dataDir && !loadDataDir) await initialiseCluster(dataDir);
  const startParams = EMBEDDED_START_PARAMS;
  const client = await PGlite.create(
    dataDir ? { dataDir, loadDataDir, startParams } : { loadDataDir, startParams },
  );
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    changes: {
      // One embedded connection: notices arrive as each transaction commits, and the feed never drops.
      async listen(onChange, onLive) {
        const unsubscribe = await client.listen(CHANGE_CHANNEL, onChange);
        onLive(true);
        return {
          // Queries run one at a time on the one connection: this one ends after every earlier commit's notices.
          sync: async () => {
            await client.query("select 1");
          },
          async stop() {
            onLive(false);
            await unsubscribe();
          },
        };
      },
    },
    close: () => client.close(),
  };
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
}): Promise<DatabaseHandle> {
  const handle = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databasePoolSize)
    : await openPglite(path.join(config.dataDir, "pglite"));
  await handle.migrate();
  return handle;
}
