// npm run check-ledger: verifies the coin ledger in the configured database (same environment variables as the
// server). Exits 0 when every invariant holds, 1 and names the rows otherwise.
import { ConfigError, loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { findLedgerProblems } from "@server/modules/coins/ledger-check";

async function run(): Promise<number> {
  const database = await openDatabase(loadConfig());
  try {
    const problems = await findLedgerProblems(database.db);
    if (problems.length === 0) {
      console.log("Ledger check passed: balances, application coins, caps, hours and reviews all agree.");
      return 0;
    }
    console.error(`Ledger check FAILED: ${problems.length} problem(s)`);
    for (const problem of problems) console.error(`  [${problem.check}] ${problem.row}: ${problem.detail}`);
    return 1;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
