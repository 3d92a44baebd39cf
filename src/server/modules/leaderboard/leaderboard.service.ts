// The leaderboard ranks students by the coins the ledger credited them in a timeframe (optionally on one
// opportunity). Ties go to more completed work, then to whoever reached the score first, then to the older
// account. Anonymity is applied here: an anonymous student's id and name are removed for every other viewer.
import { type SQL, sql } from "drizzle-orm";
import type { LeaderboardEntry, LeaderboardQuery, Timeframe } from "../../../shared/contract/leaderboard";
import { startOfMonth, startOfTerm } from "../../../shared/domain/periods";
import type { Database } from "../../db/client";
import { rowsOf } from "../../lib/sql";
import type { SessionUser } from "../auth/session.store";

export interface RankingOptions {
  timeframe: Timeframe;
  opportunityId?: number;
  termStartMonths: readonly number[];
  now?: Date;
}

export function timeframeStart(options: RankingOptions): Date | undefined {
  const now = options.now ?? new Date();
  if (options.timeframe === "month") return startOfMonth(now);
  if (options.timeframe === "semester") return startOfTerm(now, options.termStartMonths);
  return undefined;
}

interface RankedRow {
  id: number;
  first_name: string;
  last_name: string;
  anonymize_leaderboard: boolean;
  score: number;
  completed: number;
  rank: number;
}

/** A CTE `ranked` of every student with coins in the timeframe, in leaderboard order. */
function rankedStudents(options: RankingOptions): SQL {
  const since = timeframeStart(options);
  const ledgerFilter = sql.join(
    [
      sql`true`,
      since ? sql`created_at >= ${since.toISOString()}::timestamptz` : sql`true`,
      options.opportunityId ? sql`opportunity_id = ${options.opportunityId}` : sql`true`,
    ],
    sql` and `,
  );
  const completedFilter = options.opportunityId ? sql`and opportunity_id = ${options.opportunityId}` : sql``;
  return sql`
    with scores as (
      select user_id, sum(amount)::int as score, max(created_at) as reached_at
      from coin_ledger where ${ledgerFilter}
      group by user_id having sum(amount) > 0
    ), completed as (
      select user_id, count(*)::int as completed from applications
      where status in ('hours_approved', 'completed') ${completedFilter}
      group by user_id
    ), ranked as (
      select u.id, u.first_name, u.last_name, u.anonymize_leaderboard, s.score,
        coalesce(c.completed, 0) as completed,
        (row_number() over (order by s.score desc, coalesce(c.completed, 0) desc, s.reached_at asc, u.id asc))::int as rank
      from scores s
      join users u on u.id = s.user_id and u.role = 'student'
      left join completed c on c.user_id = u.id
    )`;
}

export async function getLeaderboard(
  db: Database,
  viewer: SessionUser,
  query: LeaderboardQuery,
  termStartMonths: readonly number[],
): Promise<LeaderboardEntry[]> {
  const result = await db.execute(sql`${rankedStudents({ ...query, termStartMonths })}
    select * from ranked order by rank limit ${query.limit}`);
  return rowsOf<RankedRow>(result).map((row) => {
    const isViewer = row.id === viewer.id;
    const hidden = row.anonymize_leaderboard && !isViewer;
    return {
      id: hidden ? null : row.id,
      firstName: hidden ? null : row.first_name,
      lastName: hidden ? null : row.last_name,
      coins: Number(row.score),
      anonymizeLeaderboard: row.anonymize_leaderboard,
      rank: Number(row.rank),
      isViewer,
      _count: { completedApplications: Number(row.completed) },
    };
  });
}

export async function getOwnRank(
  db: Database,
  student: SessionUser,
  query: Omit<LeaderboardQuery, "limit">,
  termStartMonths: readonly number[],
) {
  const result = await db.execute(sql`${rankedStudents({ ...query, termStartMonths })}
    select (select count(*)::int from ranked) as ranked_students, r.rank, r.score, r.completed
    from (select 1) as one left join ranked r on r.id = ${student.id}`);
  const [row] = rowsOf<{
    ranked_students: number;
    rank: number | null;
    score: number | null;
    completed: number | null;
  }>(result);
  return {
    rank: row?.rank == null ? null : Number(row.rank),
    coins: Number(row?.score ?? 0),
    completedApplications: Number(row?.completed ?? 0),
    rankedStudents: Number(row?.ranked_students ?? 0),
  };
}

export async function getCommunityImpact(db: Database) {
  const result = await db.execute(sql`select
      (select coalesce(sum(coins), 0)::int from users where role = 'student') as total_coins,
      (select count(*)::int from opportunities where visibility = 'public') as total_opportunities,
      (select count(distinct a.user_id)::int from applications a) as active_students,
      (select count(*)::int from applications where status in ('hours_approved', 'completed')) as projects_completed`);
  const [row] = rowsOf<Record<string, number>>(result);
  return {
    totalCoins: Number(row?.total_coins ?? 0),
    totalOpportunities: Number(row?.total_opportunities ?? 0),
    activeStudents: Number(row?.active_students ?? 0),
    projectsCompleted: Number(row?.projects_completed ?? 0),
  };
}
