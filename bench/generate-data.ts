// npm run bench:generate -- [--scale 1|10]
// Loads a school's worth of history into the configured database (DATABASE_URL, else PGlite in DATA_DIR):
// at scale 1, 5,000 students, 20 admins, 500 opportunities and 50,000 applications with their hour submissions
// and ledger rows spread over two years, and the timelines, notifications and e-mails they left. Uses the same history generator as the tests. Run it on an empty
// database: the admins' e-mails are fixed (bench.admin.N@domain) so the runner can sign in.

import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { compactApplicationDaily } from "@server/modules/analytics/daily-compaction";
import { createUser } from "@server/modules/auth/auth.service";
import { ensureBadgeCatalogue } from "@server/modules/badges/badge-catalogue";
import { generateHistory } from "@test/history-generator";
import { generateTrail } from "@test/history-trail";
import { sql } from "drizzle-orm";

import { BENCH_ADMIN_PASSWORD, BENCH_STUDENT_PASSWORD } from "./credentials";

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: "string", default: "1" } } });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 1 || scale > 100)
    throw new Error("--scale must be a whole number from 1 to 100");
  const config = loadConfig({ ...process.env, SEED_DEMO: "false" });
  const database = await openDatabase(config);
  const started = Date.now();
  try {
    await ensureBadgeCatalogue(database.db);
    const domain = config.allowedEmailDomains[0] ?? "iimb.ac.in";
    const admins = [];
    for (let index = 1; index <= 20; index++) {
      admins.push(
        await createUser(database.db, {
          email: `bench.admin.${index}@${domain}`,
          password: BENCH_ADMIN_PASSWORD,
          firstName: "Bench",
          lastName: `Admin ${index}`,
          role: "admin",
        }),
      );
    }
    const history = await generateHistory(database.db, {
      students: 5000 * scale,
      opportunities: 500 * scale,
      applications: 50_000 * scale,
      spanDays: 730,
      seed: 2026,
      domain,
      password: BENCH_STUDENT_PASSWORD,
      adminId: admins[0]?.id ?? 0,
    });
    // The timelines, notifications and e-mails that history left: a write then adds to tables of a school's size
    // and statistics, as it would there (docs/performance.md, thirteenth pass).
    await generateTrail(database.db);
    // The scheduler folds each finished day's shards of the analytics' daily counts (daily-compaction.ts); over two
    // real years it did so every day, and autovacuum reused the space. Here two years' applies came in minutes,
    // so the fold runs once, and VACUUM FULL packs what the burst left: 44,000 daily rows folded into 3,000 would
    // otherwise stay spread over 330 pages that every analytics read scans (docs/performance.md, seventh pass).
    await compactApplicationDaily(database.db);
    await database.db.execute(sql`vacuum full application_daily`);
    // Bulk inserts leave every aggregate row updated many times over (ADR 0042) and no visibility map: a school
    // that had grown to this size would have been vacuumed by autovacuum long since, so the bench reads the same.
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `Generated ${history.studentIds.length} students, ${admins.length} admins, ${history.opportunityIds.length} opportunities ` +
        `and ${50_000 * scale} applications in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind}).`,
    );
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
