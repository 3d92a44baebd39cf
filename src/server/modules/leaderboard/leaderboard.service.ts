// The leaderboard ranks students by the coins the ledger credited them in a timeframe (optionally on one
// opportunity). Ties go to more completed work, then to whoever reached the score first, then to the older
// account. Anonymity is applied here: an anonymous student's id and name are removed for every other viewer.

import type { Database } from "@server/db/client";
import { opportunities } from "@server/db/schema";
import { containsPattern, countAll, rowsOf } from "@server/lib/sql";
import type { SessionUser } from "@server/sessions/session-store";
import type { LeaderboardActivity, LeaderboardEntry, Timeframe } from "@shared/contract/leaderboard";
import { startOfMonth, startOfTerm } from "@shared/domain/periods";
import { and, asc, type SQL, sql } from "drizzle-orm";
import { seesEveryOpportunity, visibleWithoutLinkTo } from "../opportunities/opportunity-visibility";

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

export interface RankedStudent {
  id: number;
  firstName: string;
  lastName: string;
  anonymize: boolean;
  score: number;
  completed: number;
  rank: number;
}

/** Names what a ranking depends on: two requests with the same key get the same ranking. */
export function rankingKey(options: RankingOptions): string {
  return `${options.timeframe} ${options.opportunityId ?? "all"} ${timeframeStart(options)?.toISOString() ?? "ever"}`;
}

/** Every student with coins in the timeframe, in leaderboard order (a few thousand rows at most per school). */
export async function rankStudents(db: Database, options: RankingOptions): Promise<RankedStudent[]> {
  const result = await db.execute(sql`${rankedStudents(options)} select * from ranked order by rank`);
  return rowsOf<RankedRow>(result).map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    anonymize: row.anonymize_leaderboard,
    score: Number(row.score),
    completed: Number(row.completed),
    rank: Number(row.rank),
  }));
}

/** The top of a ranking as the viewer may see it: anonymous students other than the viewer lose id and name. */
export function toLeaderboardEntries(
  ranking: readonly RankedStudent[],
  viewerId: number | null,
  limit: number,
): LeaderboardEntry[] {
  return ranking.slice(0, limit).map((row) => {
    const isViewer = row.id === viewerId;
    const hidden = row.anonymize && !isViewer;
    return {
      id: hidden ? null : row.id,
      firstName: hidden ? null : row.firstName,
      lastName: hidden ? null : row.lastName,
      coins: row.score,
      anonymizeLeaderboard: row.anonymize,
      rank: row.rank,
      isViewer,
      _count: { completedApplications: row.completed },
    };
  });
}

export function ownRankIn(ranking: readonly RankedStudent[], studentId: number) {
  const own = ranking.find((row) => row.id === studentId);
  return {
    rank: own?.rank ?? null,
    coins: own?.score ?? 0,
    completedApplications: own?.completed ?? 0,
    rankedStudents: ranking.length,
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

/**
 * The activity picker: opportunities of any status (the standings on a closed one stay worth seeing) that the
 * viewer may name without a link, by title. Admins get every one.
 */
export async function listLeaderboardActivities(
  db: Database,
  viewer: Pick<SessionUser, "id" | "role">,
  query: { search?: string; limit: number },
): Promise<{ activities: LeaderboardActivity[]; total: number }> {
  const where = and(
    seesEveryOpportunity(viewer) ? undefined : visibleWithoutLinkTo(db, viewer.id),
    query.search ? sql`${opportunities.title} ilike ${containsPattern(query.search)}` : undefined,
  );
  const [activities, [counted]] = await Promise.all([
    db
      .select({ id: opportunities.id, title: opportunities.title, status: opportunities.status })
      .from(opportunities)
      .where(where)
      .orderBy(asc(sql`lower(${opportunities.title})`), asc(opportunities.id))
      .limit(query.limit),
    db.select({ total: countAll() }).from(opportunities).where(where),
  ]);
  return { activities, total: counted?.total ?? 0 };
}
