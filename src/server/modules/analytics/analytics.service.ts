// Analytics for a range of school days ending today, and the same figures for the range before it so the KPI
// cards show real changes. Definitions (docs/decisions/0010-leaderboard-and-analytics.md): total opportunities is the number
// that existed at the end of the period; applications are those made in it; the apply rate is applications
// per opportunity; the completion rate is the percent of the period's applications now approved or completed.
//
// Applications are counted from `application_daily` (ADR 0042): per school day of applying and opportunity type,
// summed over its shards, so a range costs its days, not the applications made in them.

import { builtOnceSql } from "@server/db/built-once";
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

/** A period's sums for one type of opportunity. */
interface TypeSums {
  current: boolean;
  type: string;
  applications: number;
  completed: number;
}

/**
 * Everything in one statement, built once (db/built-once.ts), one round trip: the sums per period and type (at
 * most eight), the applications of each day of the current period in order (0 for a day with none), and the
 * opportunities that existed at each period's end: all of them (their maintained count, ADR 0061) less those made
 * since, a range of the creation index as long as the opportunities made in the period. The days come as an array
 * of counts, not as JSON objects with dates: writing 365 of those cost the database more than reading the year's
 * rows (docs/performance.md).
 */
const figuresStatement = builtOnceSql(sql`select
    (select coalesce(json_agg(sums), '[]')::text
      from (select day >= ${sql.placeholder("middle")}::date as current, type,
          sum(applications)::int as applications, sum(completed)::int as completed
        from application_daily where day >= ${sql.placeholder("from")}::date and day < ${sql.placeholder("to")}::date
        group by 1, 2) sums) as sums,
    (select array_agg(coalesce(per_day.count, 0) order by d.day)
      from generate_series(${sql.placeholder("middle")}::date, ${sql.placeholder("to")}::date - 1, interval '1 day') d(day)
      left join (select day, sum(applications)::int as count from application_daily
          where day >= ${sql.placeholder("middle")}::date and day < ${sql.placeholder("to")}::date group by day) per_day
        on per_day.day = d.day::date) as days,
    o.total - (select count(*)::int from opportunities where created_at >= ${sql.placeholder("end")}::timestamptz)
      as existing,
    o.total - (select count(*)::int from opportunities where created_at >= ${sql.placeholder("start")}::timestamptz)
      as existing_before
  from (select coalesce(sum(opportunities), 0)::int as total from opportunity_counts) o`);

/** The figures of the last `days` school days and of the period before. */
export async function getAnalytics(db: Database, days: number, now = new Date()): Promise<Analytics> {
  const { start, end, labels } = dayRange(now, days);
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const [from, middle, to] = [previousStart, start, end].map((instant) => schoolDayOf(instant));
  const [row] = rowsOf<{ sums: string; days: number[]; existing: number; existing_before: number }>(
    await figuresStatement(db, { from, middle, to, start: start.toISOString(), end: end.toISOString() }),
  );
  if (!row) throw new Error("the analytics statement returned no row");
  const sums = JSON.parse(row.sums) as TypeSums[];
  const total = (current: boolean, field: "applications" | "completed") =>
    sums.reduce((sum, entry) => (entry.current === current ? sum + entry[field] : sum), 0);
  return {
    ...periodFigures(Number(row.existing), total(true, "applications"), total(true, "completed")),
    dateRange: days,
    // The statement's days and the labels are the same school days, first to last.
    applicationsOverTime: labels.map((date, index) => ({ date, count: Number(row.days[index] ?? 0) })),
    applicationsByType: OPPORTUNITY_TYPES.map((type) => ({
      type,
      count: sums.find((entry) => entry.current && entry.type === type)?.applications ?? 0,
    })),
    previousPeriod: periodFigures(
      Number(row.existing_before),
      total(false, "applications"),
      total(false, "completed"),
    ),
  };
}
