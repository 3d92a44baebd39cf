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

/**
 * One row of the analytics statement: what it sums (`kind`), for which period (`current`), day or type (`key`),
 * and two sums.
 */
interface FigureRow {
  kind: "day" | "type" | "total" | "opportunities";
  current: boolean;
  key: string | null;
  first: number;
  second: number;
}

/**
 * Everything in one statement, one round trip and one pass over the daily rows of both periods: grouping sets sum
 * them per day of the current period, per type and period, and per period. The opportunities that existed at each
 * period's end are counted beside them.
 */
export async function getAnalytics(db: Database, days: number, now = new Date()): Promise<Analytics> {
  const { start, end, labels } = dayRange(now, days);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const [from, middle, to] = [previousStart, start, end].map((instant) => schoolDayOf(instant));
  const result = await db.execute(sql`select
      case when grouping(shown_day) = 0 then 'day' when grouping(type) = 0 then 'type' else 'total' end as kind,
      current, coalesce(to_char(shown_day, 'YYYY-MM-DD'), type) as key,
      sum(applications)::int as first, sum(completed)::int as second
    from (select day >= ${middle}::date as current, case when day >= ${middle}::date then day end as shown_day,
        type, applications, completed
      from application_daily where day >= ${from}::date and day < ${to}::date) r
    group by grouping sets ((current, shown_day), (current, type), (current))
    union all select 'opportunities', true, null,
      count(*) filter (where created_at < ${end.toISOString()}::timestamptz)::int,
      count(*) filter (where created_at < ${start.toISOString()}::timestamptz)::int
      from opportunities`);
  const rows = rowsOf<FigureRow>(result).map((row) => ({
    ...row,
    first: Number(row.first),
    second: Number(row.second),
  }));
  const sums = (kind: FigureRow["kind"], current: boolean) =>
    rows.find((row) => row.kind === kind && row.current === current) ?? { first: 0, second: 0 };
  const countsOf = (kind: "day" | "type") =>
    new Map(rows.filter((row) => row.kind === kind && row.current).map((row) => [row.key ?? "", row.first]));
  const opportunities = sums("opportunities", true);
  const current = sums("total", true);
  const previous = sums("total", false);
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
