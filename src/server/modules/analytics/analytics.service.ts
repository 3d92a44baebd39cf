// Analytics for a range of school days ending today, and the same figures for the range before it so the KPI
// cards show real changes. Definitions (docs/decisions/0010-leaderboard-and-analytics.md): total opportunities is the number
// that existed at the end of the period; applications are those made in it; the apply rate is applications
// per opportunity; the completion rate is the percent of the period's applications now approved or completed.
//
// Applications are counted from `application_daily` (ADR 0042): per school day of applying and opportunity type,
// summed over its shards, so a range costs its days, not the applications made in them.

import type { Database } from "@server/db/client";
import { rowsOf } from "@server/lib/sql";
import type { Analytics, PeriodFigures } from "@shared/contract/analytics";
import { OPPORTUNITY_TYPES } from "@shared/domain/enums";
import { schoolDayOf } from "@shared/domain/event-dates";
import { dayRange } from "@shared/domain/periods";
import { type SQL, sql } from "drizzle-orm";

const DAY_MS = 86_400_000;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The school days of [start, end), both instants starting a school day. */
const daysBetween = (start: Date, end: Date): SQL =>
  sql`day >= ${schoolDayOf(start)}::date and day < ${schoolDayOf(end)}::date`;

async function periodFigures(db: Database, start: Date, end: Date): Promise<PeriodFigures> {
  const result = await db.execute(sql`select
      (select count(*)::int from opportunities where created_at < ${end.toISOString()}::timestamptz) as opportunities,
      coalesce(sum(applications), 0)::int as applications,
      coalesce(sum(completed), 0)::int as completed
    from application_daily where ${daysBetween(start, end)}`);
  const [row] = rowsOf<{ opportunities: number; applications: number; completed: number }>(result);
  const opportunities = Number(row?.opportunities ?? 0);
  const applications = Number(row?.applications ?? 0);
  const completed = Number(row?.completed ?? 0);
  return {
    totalOpportunities: opportunities,
    totalApplications: applications,
    averageApplyRate: opportunities === 0 ? 0 : oneDecimal(applications / opportunities),
    completionRate: applications === 0 ? 0 : oneDecimal((completed / applications) * 100),
  };
}

export async function getAnalytics(db: Database, days: number, now = new Date()): Promise<Analytics> {
  const { start, end, labels } = dayRange(now, days);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const range = daysBetween(start, end);
  const [current, previous, perDay, perType] = await Promise.all([
    periodFigures(db, start, end),
    periodFigures(db, previousStart, start),
    db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, sum(applications)::int as count
      from application_daily where ${range} group by day`),
    db.execute(sql`select type, sum(applications)::int as count
      from application_daily where ${range} group by type`),
  ]);
  const countsByDay = new Map(
    rowsOf<{ day: string; count: number }>(perDay).map((row) => [row.day, Number(row.count)]),
  );
  const countsByType = new Map(
    rowsOf<{ type: string; count: number }>(perType).map((row) => [row.type, Number(row.count)]),
  );
  return {
    ...current,
    dateRange: days,
    applicationsOverTime: labels.map((date) => ({ date, count: countsByDay.get(date) ?? 0 })),
    applicationsByType: OPPORTUNITY_TYPES.map((type) => ({ type, count: countsByType.get(type) ?? 0 })),
    previousPeriod: previous,
  };
}
