// The ledger invariants, checked in SQL against any database: balances equal ledger sums, each application's
// coins equal its ledger rows and stay within the opportunity's cap, its hours equal its approved submissions,
// an application is under review exactly when it has a pending submission, and an automatic approval stands on
// its supervisor's confirmation. The maintained aggregates (ADR 0042) are checked against their definitions too.

import type { Database } from "@server/db/client";
import { sql } from "drizzle-orm";
import { AGGREGATE_CHECKS } from "./aggregate-check";

export interface LedgerProblem {
  check: string;
  row: string;
  detail: string;
}

const CHECKS: { check: string; query: ReturnType<typeof sql> }[] = [
  {
    check: "balance equals ledger sum",
    query: sql`select 'user ' || u.id as row, 'coins ' || u.coins || ' <> ledger ' || coalesce(l.total, 0) as detail
      from users u left join (select user_id, sum(amount) as total from coin_ledger group by user_id) l on l.user_id = u.id
      where u.coins <> coalesce(l.total, 0)`,
  },
  {
    check: "application coins equal its ledger rows",
    query: sql`select 'application ' || a.id as row, 'coins ' || a.coins_awarded || ' <> ledger ' || coalesce(l.total, 0) as detail
      from applications a left join (select application_id, sum(amount) as total from coin_ledger group by application_id) l
        on l.application_id = a.id
      where a.coins_awarded <> coalesce(l.total, 0)`,
  },
  {
    check: "application coins within the opportunity's cap",
    query: sql`select 'application ' || a.id as row, 'coins ' || a.coins_awarded || ' > cap ' || o.max_coins as detail
      from applications a join opportunities o on o.id = a.opportunity_id where a.coins_awarded > o.max_coins`,
  },
  {
    // Coins are checked against the ledger above; a completion may pay coins with no hours (no submission row).
    check: "application hours equal its approved submissions",
    query: sql`select 'application ' || a.id as row,
        'hours ' || a.hours_completed || ' <> approved submissions ' || coalesce(s.hours, 0) as detail
      from applications a left join (
        select application_id, sum(hours) as hours from hour_submissions where status = 'approved' group by application_id
      ) s on s.application_id = a.id
      where a.hours_completed <> coalesce(s.hours, 0)`,
  },
  {
    check: "under review exactly when a submission is pending",
    query: sql`select 'application ' || a.id as row, 'status ' || a.status || ', pending submissions ' || count(s.id) as detail
      from applications a left join hour_submissions s on s.application_id = a.id and s.status = 'pending'
      group by a.id, a.status
      having (a.status = 'hours_submitted') <> (count(s.id) = 1)`,
  },
  {
    // Seva approves by itself only on the supervisor's confirmation (ADR 0038); an admin's approval names them.
    check: "automatic approvals confirmed by the supervisor",
    query: sql`select 'hour submission ' || s.id as row,
        'approved automatically with verification ' || s.verification_status as detail
      from hour_submissions s
      where s.auto_approved and (s.status <> 'approved' or s.verification_status <> 'confirmed')`,
  },
  ...AGGREGATE_CHECKS,
];

export async function findLedgerProblems(db: Database): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  for (const { check, query } of CHECKS) {
    const result = await db.execute(query);
    const rows = (result as unknown as { rows: { row: string; detail: string }[] }).rows;
    for (const row of rows) problems.push({ check, row: row.row, detail: row.detail });
  }
  return problems;
}
