// Prepares one migrated database for the whole run, which every test file then copies (fast) instead of
// migrating its own: a PostgreSQL template database when DATABASE_URL is set, else a PGlite data dump.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openPglite, openPostgres } from "@server/db/client";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpPath: string | undefined;
    postgresTemplate: { url: string; template: string } | undefined;
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = `seva_template_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const handle = await openPostgres(withDatabase(databaseUrl, template), 1);
    await handle.migrate();
    await handle.close();
    project.provide("postgresTemplate", { url: databaseUrl, template });
    project.provide("pgliteDumpPath", undefined);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), "seva-test-"));
  const handle = await openPglite(undefined);
  await handle.migrate();
  const dump = await handle.pglite?.dumpDataDir("none");
  if (!dump) throw new Error("PGlite handle without an instance");
  await handle.close();
  const dumpPath = path.join(folder, "migrated.tar");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", dumpPath);
  project.provide("postgresTemplate", undefined);
  return () => rmSync(folder, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
