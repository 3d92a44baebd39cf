// Each maintained aggregate (ADR 0042) against its definition, recomputed here from the ledger, the applications,
// the users and the opportunities: a row that differs, or exists on one side only, is a problem. The triggers of
// migration 0014 keep them; these queries are written apart from those triggers and from
// `seva_rebuild_aggregates()`, so a path that forgets an aggregate, or a rebuild that defines it differently, shows
// here. An aggregate row of zeros counts as absent (a total can return to nothing).

import { COMPLETED_STATUSES } from "@server/lib/sql";
import { sql } from "drizzle-orm";

/**
 * A count of rows per key and shard kept by the triggers (score_counts, period_counts, period_score_counts,
 * opportunity_counts, application_counts) against counting those rows again. `source` is the rows counted (a
 * table, and which of its rows); `keys` the columns counted by, named alike in the source and in the `kept` table,
 * whose `count` column holds the count (its name is the detail's noun); `shard` how the triggers shard a source
 * row, written here apart from them; `label` names a row from the keys.
 */
function countsCheck(
  check: string,
  counted: {
    source: string;
    kept: string;
    count: string;
    keys: readonly string[];
    shard: string;
    label: string;
  },
) {
  const keys = sql.raw(counted.keys.join(", "));
  const [source, kept, count, shard, label] = [
    counted.source,
    counted.kept,
    counted.count,
    counted.shard,
    counted.label,
  ].map((text) => sql.raw(text));
  // By position: the keys, then the shard.
  const groups = sql.raw(Array.from({ length: counted.keys.length + 1 }, (_, index) => index + 1).join(", "));
  const bothKeys = sql.raw(counted.keys.map((key) => `coalesce(e.${key}, k.${key}) as ${key}`).join(", "));
  const sameKeys = sql.raw(counted.keys.map((key) => `k.${key} = e.${key}`).join(" and "));
  return {
    check,
    query: sql`with expected_rows as (
        select ${keys}, ${shard} as shard, count(*)::int as counted from ${source} group by ${groups}
      ), kept_rows as (select ${keys}, shard, ${count} as counted from ${kept} where ${count} <> 0
      ), compared as (
        select ${bothKeys}, coalesce(e.shard, k.shard) as shard, coalesce(e.counted, 0) as expected,
          coalesce(k.counted, 0) as kept
        from expected_rows e full join kept_rows k on ${sameKeys} and k.shard = e.shard)
      select ${label} || ' shard ' || shard as row,
        'kept ' || kept || ' ${count}, expected ' || expected as detail
      from compared where expected <> kept`,
  };
}

export const AGGREGATE_CHECKS: { check: string; query: ReturnType<typeof sql> }[] = [
  {
    check: "coins per student per month and term equal the ledger",
    query: sql`with expected as (
        select k.kind, k.period_start, l.user_id, sum(l.amount)::int as coins, max(l.created_at) as reached_at
        from coin_ledger l
        cross join lateral (values ('month', seva_school_month(l.created_at)),
          ('term', seva_term_start(seva_school_month(l.created_at)))) as k(kind, period_start)
        group by 1, 2, 3 having sum(l.amount) <> 0
      ), kept as (select * from coin_totals where coins <> 0)
      select 'user ' || coalesce(e.user_id, k.user_id) || ' ' || coalesce(e.kind, k.kind) || ' '
          || coalesce(e.period_start, k.period_start) as row,
        'kept ' || coalesce(k.coins::text, 'none') || ' at ' || coalesce(k.reached_at::text, '-')
          || ', ledger ' || coalesce(e.coins::text, 'none') || ' at ' || coalesce(e.reached_at::text, '-') as detail
      from expected e full join kept k
        on k.kind = e.kind and k.period_start = e.period_start and k.user_id = e.user_id
      where e.coins is distinct from k.coins or e.reached_at is distinct from k.reached_at`,
  },
  {
    check: "coins per student per opportunity equal the ledger",
    query: sql`with expected as (
        select opportunity_id, user_id, sum(amount)::int as coins, max(created_at) as reached_at
        from coin_ledger where opportunity_id is not null group by 1, 2 having sum(amount) <> 0
      ), kept as (select * from opportunity_coin_totals where coins <> 0)
      select 'opportunity ' || coalesce(e.opportunity_id, k.opportunity_id) || ' user '
          || coalesce(e.user_id, k.user_id) as row,
        'kept ' || coalesce(k.coins::text, 'none') || ', ledger ' || coalesce(e.coins::text, 'none') as detail
      from expected e full join kept k on k.opportunity_id = e.opportunity_id and k.user_id = e.user_id
      where e.coins is distinct from k.coins or e.reached_at is distinct from k.reached_at`,
  },
  {
    check: "completed applications and last award per student",
    query: sql`with expected as (
        select u.id as user_id,
          (select count(*)::int from applications a where a.user_id = u.id and a.status in ${COMPLETED_STATUSES}) as completed,
          (select max(l.created_at) from coin_ledger l where l.user_id = u.id) as last_award_at
        from users u
      )
      select 'user ' || coalesce(e.user_id, k.user_id) as row,
        'kept ' || coalesce(k.completed, 0) || ' completed, last award ' || coalesce(k.last_award_at::text, '-')
          || '; expected ' || coalesce(e.completed, 0) || ', ' || coalesce(e.last_award_at::text, '-') as detail
      from expected e full join student_totals k on k.user_id = e.user_id
      where coalesce(e.completed, 0) <> coalesce(k.completed, 0)
        or e.last_award_at is distinct from k.last_award_at`,
  },
  {
    check: "applications by status and approved hours per opportunity",
    query: sql`with expected as (
        select opportunity_id, count(*)::int as applications,
          (count(*) filter (where status = 'pending'))::int as pending,
          (count(*) filter (where status = 'accepted'))::int as accepted,
          (count(*) filter (where status = 'hours_submitted'))::int as hours_submitted,
          (count(*) filter (where status in ${COMPLETED_STATUSES}))::int as completed,
          (count(*) filter (where status = 'rejected'))::int as rejected,
          (count(*) filter (where status = 'withdrawn'))::int as withdrawn,
          sum(hours_completed) as completed_hours
        from applications group by opportunity_id
      ), kept as (select * from opportunity_totals where applications <> 0 or completed_hours <> 0)
      select 'opportunity ' || coalesce(e.opportunity_id, k.opportunity_id) as row,
        'kept ' || coalesce(k.applications, 0) || ' applications (' || coalesce(k.pending, 0) || ' pending, '
          || coalesce(k.completed, 0) || ' completed), ' || coalesce(k.completed_hours, 0) || ' hours; expected '
          || coalesce(e.applications, 0) || ' (' || coalesce(e.pending, 0) || ', ' || coalesce(e.completed, 0)
          || '), ' || coalesce(e.completed_hours, 0) as detail
      from expected e full join kept k on k.opportunity_id = e.opportunity_id
      where (coalesce(e.applications, 0), coalesce(e.pending, 0), coalesce(e.accepted, 0),
          coalesce(e.hours_submitted, 0), coalesce(e.completed, 0), coalesce(e.rejected, 0),
          coalesce(e.withdrawn, 0))
        <> (coalesce(k.applications, 0), coalesce(k.pending, 0), coalesce(k.accepted, 0),
          coalesce(k.hours_submitted, 0), coalesce(k.completed, 0), coalesce(k.rejected, 0),
          coalesce(k.withdrawn, 0))
        or abs(coalesce(e.completed_hours, 0) - coalesce(k.completed_hours, 0)::float8) > 1e-6`,
  },
  {
    check: "community totals",
    query: sql`with expected as (
        select (select coalesce(sum(coins), 0)::int from users where role = 'student') as total_coins,
          (select count(*)::int from opportunities where visibility = 'public') as public_opportunities,
          (select count(distinct user_id)::int from applications) as active_students,
          (select count(*)::int from applications where status in ${COMPLETED_STATUSES}) as projects_completed
      ), kept as (
        select sum(total_coins)::int as total_coins, sum(public_opportunities)::int as public_opportunities,
          sum(active_students)::int as active_students, sum(projects_completed)::int as projects_completed
        from community_totals
      )
      select 'community' as row,
        'kept ' || k.total_coins || ' coins, ' || k.public_opportunities || ' public opportunities, '
          || k.active_students || ' active students, ' || k.projects_completed || ' completed; expected '
          || e.total_coins || ', ' || e.public_opportunities || ', ' || e.active_students || ', '
          || e.projects_completed as detail
      from expected e, kept k
      where (e.total_coins, e.public_opportunities, e.active_students, e.projects_completed)
        is distinct from (k.total_coins, k.public_opportunities, k.active_students, k.projects_completed)`,
  },
  {
    check: "applications per day and type",
    query: sql`with expected as (
        select seva_school_day(a.applied_at) as day, o.type, count(*)::int as applications,
          (count(*) filter (where a.status in ${COMPLETED_STATUSES}))::int as completed
        from applications a join opportunities o on o.id = a.opportunity_id group by 1, 2
      ), kept as (
        select day, type, sum(applications)::int as applications, sum(completed)::int as completed
        from application_daily group by 1, 2 having sum(applications) <> 0 or sum(completed) <> 0
      )
      select coalesce(e.day, k.day) || ' ' || coalesce(e.type, k.type) as row,
        'kept ' || coalesce(k.applications, 0) || ' (' || coalesce(k.completed, 0) || ' completed), expected '
          || coalesce(e.applications, 0) || ' (' || coalesce(e.completed, 0) || ')' as detail
      from expected e full join kept k on k.day = e.day and k.type = e.type
      where (coalesce(e.applications, 0), coalesce(e.completed, 0))
        <> (coalesce(k.applications, 0), coalesce(k.completed, 0))`,
  },
  {
    check: "folded applications per month and type, and per day",
    // The fold's sums of shard 0 (ADR 0078): a change that wrote shard 0 itself, or a fold that forgot a sum, shows.
    query: sql`with expected_months as (
        select date_trunc('month', day)::date as month, type, sum(applications)::int as applications,
          sum(completed)::int as completed
        from application_daily where shard = 0 group by 1, 2
      ), months as (
        select 'month ' || coalesce(e.month, k.month) || ' ' || coalesce(e.type, k.type) as row,
          'kept ' || coalesce(k.applications, 0) || ' (' || coalesce(k.completed, 0) || ' completed), shard 0 holds '
            || coalesce(e.applications, 0) || ' (' || coalesce(e.completed, 0) || ')' as detail
        from expected_months e full join application_months k on k.month = e.month and k.type = e.type
        where (coalesce(e.applications, 0), coalesce(e.completed, 0))
          <> (coalesce(k.applications, 0), coalesce(k.completed, 0))
      ), expected_days as (
        select day, sum(applications)::int as applications from application_daily where shard = 0 group by 1
      ), days as (
        select 'day ' || coalesce(e.day, k.day) as row,
          'kept ' || coalesce(k.applications, 0) || ', shard 0 holds ' || coalesce(e.applications, 0) as detail
        from expected_days e full join application_days k on k.day = e.day
        where coalesce(e.applications, 0) <> coalesce(k.applications, 0)
      )
      select * from months union all select * from days`,
  },
  countsCheck("users per balance", {
    source: "users where coins > 0",
    kept: "score_counts",
    count: "users",
    keys: ["coins"],
    shard: "id % 16",
    label: "'balance ' || coins",
  }),
  countsCheck("users per period", {
    source: "coin_totals where coins > 0",
    kept: "period_counts",
    count: "users",
    keys: ["kind", "period_start"],
    shard: "user_id % 16",
    label: "kind || ' ' || period_start",
  }),
  countsCheck("opportunities per status and visibility", {
    source: "opportunities",
    kept: "opportunity_counts",
    count: "opportunities",
    keys: ["status", "visibility"],
    shard: "id % 16",
    label: "status || ' ' || visibility",
  }),
  countsCheck("applications per status", {
    source: "applications",
    kept: "application_counts",
    count: "applications",
    keys: ["status"],
    shard: "user_id % 64",
    label: "status",
  }),
  countsCheck("users per score in each month and term", {
    source: "coin_totals where coins > 0",
    kept: "period_score_counts",
    count: "users",
    keys: ["kind", "period_start", "coins"],
    shard: "user_id % 16",
    label: "kind || ' ' || period_start || ' at ' || coins",
  }),
];
