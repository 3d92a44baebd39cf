// The leaderboard ranks students by the coins credited them in a timeframe (optionally on one opportunity). Ties
// go to more completed work, then to whoever reached the score first, then to the older account. The scores are
// the maintained aggregates (ADR 0042): the balance for all time, coin_totals for the month and the term,
// opportunity_coin_totals for one opportunity, so PostgreSQL reads a ranking index in score order and stops at
// the page; only that page leaves the database. Anonymity is applied here: an anonymous student's id and name are
// removed for every other viewer.

import { executePlannedOnce } from "@server/db/built-once";
import type { Database } from "@server/db/client";
import { opportunities } from "@server/db/schema";
import { COMPLETED_STATUSES, containsPattern, countAll, rowsOf, textLiteral } from "@server/lib/sql";
import type { SessionUser } from "@server/sessions/session-store";
import type { LeaderboardActivity, LeaderboardEntry, Timeframe } from "@shared/contract/leaderboard";
import { schoolDayOf } from "@shared/domain/event-dates";
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

/**
 * A ranking as SQL. `rows`: every student with coins in the timeframe (id, first_name, last_name,
 * anonymize_leaderboard, score, completed, reached), unordered; a plain join over an aggregate, so that under an
 * ORDER BY ... LIMIT the planner walks the aggregate's ranking index in score order and stops at the page.
 * `scoreOrder`: "score desc" spelled as that index is (scores are never null, but the planner matches the nulls
 * ordering to the index's). `studentsAbove(x)`: how many students have a score above x, without reading the
 * students' rows: for all time, the users per balance above x (score_counts, a few hundred rows) less the few users
 * above x who are not students; for a month or term, counted over index ranges. `rankedCount`: how many students
 * it ranks; for a month or term the users with coins in it (period_counts, 16 rows) less the few who are not
 * students.
 */
interface Ranking {
  rows: SQL;
  /**
   * For a month or term: the same rows of users of every role, and those of the users who are not students. The
   * ties of an own rank are counted over the first less the second: joining each tied score to its user to keep
   * the students only cost more than the tie-breaks themselves (762 ties at a crowded term score, 8.9 -> 5.4 ms).
   */
  everyRole?: { rows: SQL; notStudents: SQL };
  scoreOrder: SQL;
  studentsAbove(score: SQL): SQL;
  /** How many students it ranks (everyone above a score of 0). */
  rankedCount: SQL;
}

const NULLS_LAST = sql.raw("desc nulls last");

/**
 * A user who is not a student, as two ranges of `role` rather than `<>`, so that users_role_coins_idx (role, coins)
 * reads the few admins on both sides of 'student' instead of every user.
 */
const notStudent = (role: SQL) => sql`(${role} < 'student' or ${role} > 'student')`;

function ranking(options: RankingOptions): Ranking {
  const person = sql`u.id, u.first_name, u.last_name, u.anonymize_leaderboard`;
  const { opportunityId } = options;
  const since = timeframeStart(options);
  if (opportunityId !== undefined) {
    // Completed work on this opportunity only: at most a few applications per student.
    const completed = sql`(select count(*)::int from applications a
      where a.user_id = c.user_id and a.opportunity_id = ${opportunityId} and a.status in ${COMPLETED_STATUSES})`;
    // All time: the maintained totals. A month or term: that opportunity's ledger rows, as many as it credited.
    const scores = since
      ? sql`(select user_id, sum(amount)::int as coins, max(created_at) as reached_at from coin_ledger
          where opportunity_id = ${opportunityId} and created_at >= ${since.toISOString()}::timestamptz
          group by user_id)`
      : sql`(select user_id, coins, reached_at from opportunity_coin_totals where opportunity_id = ${opportunityId})`;
    const rows = sql`select ${person}, c.coins as score, ${completed} as completed, c.reached_at as reached
      from ${scores} c join users u on u.id = c.user_id and u.role = 'student'
      where c.coins > 0`;
    // As many rows as the opportunity credited students: counted from the rows themselves.
    const studentsAbove = (score: SQL) =>
      sql`(select count(*)::int from (${rows}) s where s.score > ${score})`;
    return { rows, scoreOrder: NULLS_LAST, studentsAbove, rankedCount: studentsAbove(sql`0`) };
  }
  if (since) {
    // In the text, so a period's page is planned once per connection (executePlannedOnce) and an own rank's
    // only parameter is the student; an opportunity's ranking keeps its id a parameter, as there are thousands.
    const [kind, periodStart] = [
      textLiteral(options.timeframe === "month" ? "month" : "term"),
      textLiteral(schoolDayOf(since)),
    ];
    const period = sql`c.kind = ${kind} and c.period_start = ${periodStart}::date`;
    const scored = sql`c.coins as score, coalesce(t.completed, 0) as completed, c.reached_at as reached`;
    // The period's scores of the few users who are not students. Counts over every role less these cost less than
    // joining every total to its user.
    const notStudents = sql`select u.id, ${scored}
      from users u join coin_totals c on c.user_id = u.id left join student_totals t on t.user_id = u.id
      where ${notStudent(sql`u.role`)} and ${period} and c.coins > 0`;
    const notStudentsAbove = (score: SQL) =>
      sql`(select count(*)::int from (${notStudents}) s where s.score > ${score})`;
    return {
      rows: sql`select ${person}, ${scored}
        from coin_totals c join users u on u.id = c.user_id and u.role = 'student'
        left join student_totals t on t.user_id = c.user_id
        where ${period} and c.coins > 0`,
      everyRole: {
        rows: sql`select c.user_id as id, ${scored}
          from coin_totals c left join student_totals t on t.user_id = c.user_id
          where ${period} and c.coins > 0`,
        notStudents,
      },
      scoreOrder: NULLS_LAST,
      // The users per score above it (period_score_counts), a few rows a score, less the few who are not students.
      studentsAbove: (score) =>
        sql`((select coalesce(sum(users), 0)::int from period_score_counts
            where kind = ${kind} and period_start = ${periodStart}::date and coins > ${score})
          - ${notStudentsAbove(score)})`,
      rankedCount: sql`((select coalesce(sum(users), 0)::int from period_counts
          where kind = ${kind} and period_start = ${periodStart}::date) - ${notStudentsAbove(sql`0`)})`,
    };
  }
  // The users per balance above the score (ADR 0058) less the few users who are not students.
  const studentsAbove = (score: SQL) =>
    sql`((select coalesce(sum(users), 0)::int from score_counts where coins > ${score})
      - (select count(*)::int from users where ${notStudent(sql`role`)} and coins > ${score}))`;
  return {
    rows: sql`select ${person}, u.coins as score, coalesce(t.completed, 0) as completed, t.last_award_at as reached
      from users u left join student_totals t on t.user_id = u.id
      where u.role = 'student' and u.coins > 0`,
    // users_role_coins_idx (role, coins) read backwards.
    scoreOrder: sql.raw("desc"),
    studentsAbove,
    rankedCount: studentsAbove(sql`0`),
  };
}

interface StandingRow {
  id: number;
  first_name: string;
  last_name: string;
  anonymize_leaderboard: boolean;
  score: number;
  completed: number;
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

/** The first `limit` students of the ranking, in leaderboard order. */
export async function rankingPage(
  db: Database,
  options: RankingOptions & { limit: number },
): Promise<RankedStudent[]> {
  const { rows, scoreOrder } = ranking(options);
  // The leaderboard order; ownRank's "ahead of" must agree with it.
  const result = await executePlannedOnce(
    db,
    sql`select * from (${rows}) s
      order by score ${scoreOrder}, completed desc, reached asc, id asc limit ${textLiteral(options.limit)}`,
  );
  return rowsOf<StandingRow>(result).map((row, index) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    anonymize: row.anonymize_leaderboard,
    score: Number(row.score),
    completed: Number(row.completed),
    rank: index + 1,
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

/** A student's place in a ranking (rank null before they have coins in it) and how many students it ranks. */
export interface StudentRank {
  rank: number | null;
  coins: number;
  completedApplications: number;
  rankedStudents: number;
}

/**
 * One student's place and the ranking's size in one statement (one round trip: on a miss a statement saved is
 * worth more than a faster one, docs/performance.md). The place is 1 + the students ahead of them, counted as
 * index ranges (a higher score; the same score with a better tie-break, in rankingPage's order) rather than by
 * ranking everyone. A student outside the ranking gets no place, and the counts behind one are not run.
 */
export async function studentRank(
  db: Database,
  options: RankingOptions & { studentId: number },
): Promise<StudentRank> {
  const { rows, everyRole, studentsAbove, rankedCount } = ranking(options);
  const tiedAhead = (source: SQL) => sql`(select count(*)::int from (${source}) s
    where s.score = me.score and (s.completed > me.completed
      or (s.completed = me.completed and (s.reached < me.reached or (me.reached is null and s.reached is not null)
        or (s.reached is not distinct from me.reached and s.id < me.id)))))`;
  const ties = everyRole
    ? sql`(${tiedAhead(everyRole.rows)} - ${tiedAhead(everyRole.notStudents)})`
    : tiedAhead(rows);
  const result = await db.execute(sql`
    select ${rankedCount} as ranked, me.score, me.completed,
      case when me.id is null then null else 1 + ${studentsAbove(sql`me.score`)} + ${ties} end as rank
    from (select 1) one left join (${rows}) me on me.id = ${options.studentId}`);
  const [row] = rowsOf<{
    ranked: number;
    score: number | null;
    completed: number | null;
    rank: number | null;
  }>(result);
  return {
    rank: row?.rank == null ? null : Number(row.rank),
    coins: Number(row?.score ?? 0),
    completedApplications: Number(row?.completed ?? 0),
    rankedStudents: Number(row?.ranked ?? 0),
  };
}

/** The community totals: the sum of community_totals' 16 shards. */
export async function getCommunityImpact(db: Database) {
  const result = await db.execute(sql`select coalesce(sum(total_coins), 0)::int as total_coins,
      coalesce(sum(public_opportunities), 0)::int as total_opportunities,
      coalesce(sum(active_students), 0)::int as active_students,
      coalesce(sum(projects_completed), 0)::int as projects_completed
    from community_totals`);
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
