// Analytics for a range of school days ending today, and the same figures for the range before it so the KPI
// cards show real changes. Definitions (docs/decisions/0010-leaderboard-and-analytics.md): total opportunities is the number
// that existed at the end of the period; applications are those made in it; the apply rate is applications
// per opportunity; the completion rate is the percent of the period's applications now approved or completed.
//
// Applications are counted from `application_daily` (ADR 0042): per school day of applying and opportunity type,
// and from the sums the fold keeps of its folded rows per month and per day (ADR 0078), so a range costs its
// months, the days of the months it covers in part, and today's rows, not the applications made in it.

import { executePlannedOnce } from "@server/db/built-once";
import type { Database } from "@server/db/client";
import { instantLiteral, rowsOf, textLiteral } from "@server/lib/sql";
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
 * A range of school days [start, end) as its whole months [first, last) and the days around them, [start, first)
 * and [last, end). A range without a whole month is all days: first and last are its end.
 */
function wholeMonthsOf(start: string, end: string): { first: string; last: string } {
  const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;
  const nextMonth = (day: string) => {
    const [year, month] = day.split("-").map(Number) as [number, number];
    return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  };
  const first = start === firstOfMonth(start) ? start : nextMonth(start);
  const last = firstOfMonth(end);
  return first < last ? { first, last } : { first: end, last: end };
}

/** The days and instants that bound a range and the range before it (see getAnalytics). */
interface RangeBounds {
  from: string;
  middle: string;
  to: string;
  previous: { first: string; last: string };
  current: { first: string; last: string };
  start: Date;
  end: Date;
}

/** A school day written into the text (see figuresStatement). */
const day = (value: string) => sql`${textLiteral(value)}::date`;

/** The daily rows of a range outside its whole months, as a condition on `day`. */
const daysAroundMonths = (start: string, end: string, months: { first: string; last: string }) =>
  sql`(day >= ${day(start)} and day < ${day(months.first)} or day >= ${day(months.last)} and day < ${day(end)})`;

/**
 * Everything in one statement, one round trip: the sums per period and type (at most eight), the applications of
 * each day of the current period, and the opportunities that existed at each period's end: all of them (their
 * maintained count, ADR 0061) less those made since, a range of the creation index as long as the opportunities
 * made in the period.
 *
 * A period's sums are its whole months' (application_months), the folded days of its partial months (shard 0) and
 * the live shards in it; the chart is the folded days (application_days) and the live shards, as pairs of a day's
 * offset in the period and a count, which getAnalytics adds into the days. The days come as arrays of numbers, not
 * as JSON objects with dates: writing 365 of those cost the database more than reading the year's rows
 * (docs/performance.md).
 *
 * The bounds are written into the text (`executePlannedOnce`): a range's text changes once a school day, and
 * PostgreSQL plans it once per connection. With them as parameters, at ten times the school it planned the
 * statement on every execution (0.7 ms, against 0.3 ms to run it): a generic plan must guess how many
 * opportunities were made since an unknown instant, and its guess (a third of 5,000) never beat the plans made
 * for the real instants (docs/performance.md, thirty-fourth pass).
 */
const figuresStatement = ({ from, middle, to, previous, current, start, end }: RangeBounds) => sql`select
    (select coalesce(json_agg(sums), '[]')::text
      from (select current, type, sum(applications)::int as applications, sum(completed)::int as completed
        from (select month >= ${day(middle)} as current, type, applications, completed
            from application_months
            where month >= ${day(previous.first)} and month < ${day(previous.last)}
              or month >= ${day(current.first)} and month < ${day(current.last)}
          union all
          select day >= ${day(middle)}, type, applications, completed from application_daily
            where shard = 0
              and (${daysAroundMonths(from, middle, previous)} or ${daysAroundMonths(middle, to, current)})
          union all
          select day >= ${day(middle)}, type, applications, completed from application_daily
            where shard <> 0 and day >= ${day(from)} and day < ${day(to)}
        ) parts
        group by 1, 2) sums) as sums,
    chart.offsets, chart.counts,
    o.total - (select count(*)::int from opportunities where created_at >= ${instantLiteral(end)}) as existing,
    o.total - (select count(*)::int from opportunities where created_at >= ${instantLiteral(start)})
      as existing_before
  from (select coalesce(sum(opportunities), 0)::int as total from opportunity_counts) o,
    (select array_agg(offset_days) as offsets, array_agg(count) as counts
      from (select day - ${day(middle)} as offset_days, applications as count from application_days
          where day >= ${day(middle)} and day < ${day(to)}
        union all
        select day - ${day(middle)}, applications from application_daily
          where shard <> 0 and day >= ${day(middle)} and day < ${day(to)}) days
    ) chart`;

/** The bounds of the last `days` school days and of the period before, for figuresStatement, with the days' labels. */
function rangeBounds(days: number, now: Date): RangeBounds & { labels: readonly string[] } {
  const { start, end, labels } = dayRange(now, days);
  const from = schoolDayOf(new Date(start.getTime() - days * DAY_MS));
  const middle = schoolDayOf(start);
  const to = schoolDayOf(end);
  return {
    from,
    middle,
    to,
    previous: wholeMonthsOf(from, middle),
    current: wholeMonthsOf(middle, to),
    start,
    end,
    labels,
  };
}

/** The statement that reads the figures of the last `days` school days (exported for its test). */
export const analyticsStatement = (days: number, now: Date) => figuresStatement(rangeBounds(days, now));

/** The figures of the last `days` school days and of the period before. */
export async function getAnalytics(db: Database, days: number, now = new Date()): Promise<Analytics> {
  const bounds = rangeBounds(days, now);
  const { labels } = bounds;
  const [row] = rowsOf<{
    sums: string;
    offsets: number[] | null;
    counts: number[] | null;
    existing: number;
    existing_before: number;
  }>(await executePlannedOnce(db, figuresStatement(bounds)));
  if (!row) throw new Error("the analytics statement returned no row");
  // The statement's offsets count from the first of the labels' days.
  const perDay = new Array<number>(labels.length).fill(0);
  const counts = row.counts ?? [];
  (row.offsets ?? []).forEach((offset, index) => {
    perDay[offset] = (perDay[offset] ?? 0) + Number(counts[index] ?? 0);
  });
  const sums = JSON.parse(row.sums) as TypeSums[];
  const total = (current: boolean, field: "applications" | "completed") =>
    sums.reduce((sum, entry) => (entry.current === current ? sum + entry[field] : sum), 0);
  return {
    ...periodFigures(Number(row.existing), total(true, "applications"), total(true, "completed")),
    dateRange: days,
    applicationsOverTime: labels.map((date, index) => ({ date, count: perDay[index] ?? 0 })),
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
