// The total behind the admin's application lists (X-Total-Count). Counting the matching applications costs what
// is stored: 280,000 index entries for "completed" at ten times the school, 20–380 ms. The opportunities' maintained
// totals (opportunity_totals, ADR 0042) hold the same numbers per opportunity and status, kept in the transaction of
// every change, so a list filtered by status alone (or by an opportunity too) sums at most one row per
// opportunity instead. A search, or a status set the totals do not split (hours_approved without completed, or
// the reverse: the totals count them together as completed work), falls back to counting.

import type { Database } from "@server/db/client";
import { opportunityTotals } from "@server/db/schema";
import type { AdminApplicationListQuery } from "@shared/contract/applications";
import { isCompletedStatus } from "@shared/domain/application-status";
import type { ApplicationStatus } from "@shared/domain/enums";
import { eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

const COLUMN_OF: Record<Exclude<ApplicationStatus, "hours_approved" | "completed">, PgColumn> = {
  pending: opportunityTotals.pending,
  accepted: opportunityTotals.accepted,
  hours_submitted: opportunityTotals.hoursSubmitted,
  rejected: opportunityTotals.rejected,
  withdrawn: opportunityTotals.withdrawn,
};

/**
 * The totals' columns whose sum is the number of applications in `statuses` (all of them when undefined), or
 * undefined when the totals cannot say: they count the completed statuses together.
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

/** The list's total from the maintained totals, or undefined when only counting the applications can tell. */
export async function totalFromOpportunityTotals(
  db: Database,
  query: Pick<AdminApplicationListQuery, "status" | "opportunityId" | "search">,
): Promise<number | undefined> {
  if (query.search) return undefined;
  const columns = totalsColumnsFor(query.status);
  if (!columns) return undefined;
  // No status at all: nothing to count (an empty sum would be no statement).
  if (columns.length === 0) return 0;
  const summed = sql.join(
    columns.map((column) => sql`${column}`),
    sql` + `,
  );
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${summed}), 0)::int` })
    .from(opportunityTotals)
    .where(query.opportunityId ? eq(opportunityTotals.opportunityId, query.opportunityId) : undefined);
  return Number(row?.total ?? 0);
}
