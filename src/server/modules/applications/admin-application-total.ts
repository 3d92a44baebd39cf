// The total behind the admin's application lists (X-Total-Count). Counting the matching applications costs what
// is stored: 280,000 index entries for "completed" at ten times the school, 20–380 ms. Maintained counts, kept in
// the transaction of every change, hold the same numbers:
// - across the school, application_counts per status (ADR 0062): a list filtered by status alone, or not at all,
//   sums at most 64 rows a status, whatever the status set;
// - per opportunity, opportunity_totals (ADR 0042): a list of one opportunity reads its one row. Those totals count
//   hours_approved and completed together, so a set holding one of the two without the other falls back to
//   counting, as a search does.

import type { Database } from "@server/db/client";
import { applicationCounts, opportunityTotals } from "@server/db/schema";
import { textLiteral } from "@server/lib/sql";
import type { AdminApplicationListQuery } from "@shared/contract/applications";
import { isCompletedStatus } from "@shared/domain/application-status";
import type { ApplicationStatus } from "@shared/domain/enums";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

const COLUMN_OF: Record<Exclude<ApplicationStatus, "hours_approved" | "completed">, PgColumn> = {
  pending: opportunityTotals.pending,
  accepted: opportunityTotals.accepted,
  hours_submitted: opportunityTotals.hoursSubmitted,
  rejected: opportunityTotals.rejected,
  withdrawn: opportunityTotals.withdrawn,
};

/**
 * The opportunity totals' columns whose sum is the number of applications in `statuses` (all of them when
 * undefined), or undefined when the totals cannot say: they count the completed statuses together.
 */
export function totalsColumnsFor(statuses: readonly ApplicationStatus[] | undefined): PgColumn[] | undefined {
  if (statuses === undefined) return [opportunityTotals.applications];
  const wanted = new Set(statuses);
  const bothCompleted = wanted.has("hours_approved") && wanted.has("completed");
  if (!bothCompleted && (wanted.has("hours_approved") || wanted.has("completed"))) return undefined;
  const columns = [...wanted].flatMap((status) =>
    isCompletedStatus(status) ? [] : [COLUMN_OF[status as keyof typeof COLUMN_OF]],
  );
  return bothCompleted ? [...columns, opportunityTotals.completed] : columns;
}

const schoolSum = sql<number>`coalesce(sum(${applicationCounts.applications}), 0)::int`;

/**
 * The school's applications of one status (every status when undefined) as a scalar subquery, the status written
 * into the text: the dashboard's first page carries it, and so is planned once with it (admin-application-list.ts).
 */
export function schoolTotalOf(status: ApplicationStatus | undefined): SQL {
  const where =
    status === undefined ? sql`` : sql` where ${applicationCounts.status} = ${textLiteral(status)}`;
  return sql`(select ${schoolSum} from ${applicationCounts}${where})`;
}

async function schoolTotal(
  db: Database,
  statuses: readonly ApplicationStatus[] | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: schoolSum })
    .from(applicationCounts)
    .where(statuses ? inArray(applicationCounts.status, [...statuses]) : undefined);
  return Number(row?.total ?? 0);
}

async function opportunityTotal(db: Database, opportunityId: number, columns: PgColumn[]): Promise<number> {
  const summed = sql.join(
    columns.map((column) => sql`${column}`),
    sql` + `,
  );
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${summed}), 0)::int` })
    .from(opportunityTotals)
    .where(eq(opportunityTotals.opportunityId, opportunityId));
  return Number(row?.total ?? 0);
}

/** The list's total from the maintained counts, or undefined when only counting the applications can tell. */
export async function maintainedTotal(
  db: Database,
  query: Pick<AdminApplicationListQuery, "status" | "opportunityId" | "search">,
): Promise<number | undefined> {
  if (query.search) return undefined;
  // No status at all: nothing to count (an empty sum would be no statement).
  if (query.status?.length === 0) return 0;
  if (query.opportunityId === undefined) return schoolTotal(db, query.status);
  const columns = totalsColumnsFor(query.status);
  return columns && opportunityTotal(db, query.opportunityId, columns);
}
