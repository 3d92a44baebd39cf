// A fresh, migrated database for one test file: a copy of the run's template (see global-setup.ts).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type DatabaseHandle, openPglite, openPostgres } from "@server/db/client";
import pg from "pg";
import { inject } from "vitest";
import { withDatabase } from "./global-setup";

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const postgres = inject("postgresTemplate");
  if (postgres) {
    const name = `seva_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${postgres.template}`);
    const handle = await openPostgres(withDatabase(postgres.url, name), 10, () => undefined);
    return {
      ...handle,
      async close() {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dumpPath = inject("pgliteDumpPath");
  if (!dumpPath) throw new Error("global-setup provided no database");
  return openPglite(undefined, new Blob([readFileSync(dumpPath)]));
}
