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
import { sql } from "drizzle-orm";

const DAY_MS = 86_400_000;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The figures of a period from its sums. */
function periodFigures(opportunities: number, applications: number, completed: number): PeriodFigures {
  return {
    totalOpportunities: opportunities,
    totalApplications: applications,
    averageApplyRate: opportunities === 0 ? 0 : oneDecimal(applications / opportunities),
    completionRate: applications === 0 ? 0 : oneDecimal((completed / applications) * 100),
  };
}

/** One row of the analytics statement: what it is (`kind`), for which day or type (`key`), and two sums. */
interface FigureRow {
  kind: "day" | "type" | "current" | "previous" | "opportunities";
  key: string | null;
  first: number;
  second: number;
}

/**
 * Everything in one statement, one round trip: the daily rows of both periods are read once and summed per day
 * and type (`d`, at most days x 2 x types rows), and every figure is summed from that. The opportunities that
 * existed at each period's end are counted beside them.
 */
export async function getAnalytics(db: Database, days: number, now = new Date()): Promise<Analytics> {
  const { start, end, labels } = dayRange(now, days);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const [from, middle, to] = [previousStart, start, end].map((instant) => schoolDayOf(instant));
  const result = await db.execute(sql`with d as materialized (
      select day, type, sum(applications)::int as applications, sum(completed)::int as completed
      from application_daily where day >= ${from}::date and day < ${to}::date group by day, type)
    select 'day' as kind, to_char(day, 'YYYY-MM-DD') as key, sum(applications)::int as first, 0 as second
      from d where day >= ${middle}::date group by day
    union all select 'type', type, sum(applications)::int, 0 from d where day >= ${middle}::date group by type
    union all select 'current', null, coalesce(sum(applications), 0)::int, coalesce(sum(completed), 0)::int
      from d where day >= ${middle}::date
    union all select 'previous', null, coalesce(sum(applications), 0)::int, coalesce(sum(completed), 0)::int
      from d where day < ${middle}::date
    union all select 'opportunities', null,
      count(*) filter (where created_at < ${end.toISOString()}::timestamptz)::int,
      count(*) filter (where created_at < ${start.toISOString()}::timestamptz)::int
      from opportunities`);
  const rows = rowsOf<FigureRow>(result).map((row) => ({
    ...row,
    first: Number(row.first),
    second: Number(row.second),
  }));
  const sums = (kind: FigureRow["kind"]) => rows.find((row) => row.kind === kind) ?? { first: 0, second: 0 };
  const countsOf = (kind: "day" | "type") =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.key ?? "", row.first]));
  const opportunities = sums("opportunities");
  const current = sums("current");
  const previous = sums("previous");
  const countsByDay = countsOf("day");
  const countsByType = countsOf("type");
  return {
    ...periodFigures(opportunities.first, current.first, current.second),
    dateRange: days,
    applicationsOverTime: labels.map((date) => ({ date, count: countsByDay.get(date) ?? 0 })),
    applicationsByType: OPPORTUNITY_TYPES.map((type) => ({ type, count: countsByType.get(type) ?? 0 })),
    previousPeriod: periodFigures(opportunities.second, previous.first, previous.second),
  };
}
