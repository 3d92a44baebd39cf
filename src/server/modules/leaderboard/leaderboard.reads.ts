// The leaderboard reads the server caches, each with the change topics it is read from (db/cached-read.ts). They
// read maintained aggregates, which announce nothing: their topics are the aggregates' sources (DERIVED_TABLES).
import { cachedRead } from "@server/db/cached-read";
import { topics } from "@server/db/change-tracker";
import { getCommunityImpact, type RankingOptions, rankingPage, studentRank } from "./leaderboard.service";

/**
 * Scores and reached-at come from the ledger (coin_totals, opportunity_coin_totals, student_totals, and the
 * balance the ledger moves), names, roles and anonymity from users, the tie-break from completed applications.
 */
const rankingTopics = () => ["coin_ledger", "users", topics.applicationCompletions] as const;

/** The first `limit` students of a ranking. */
export const leaderboardPage = cachedRead({
  topics: (_options: RankingOptions & { limit: number }) => rankingTopics(),
  load: (db, options) => rankingPage(db, options),
});

/** One student's rank, score and completed work in a ranking, and how many students it ranks. */
export const ownRank = cachedRead({
  topics: (_options: RankingOptions & { studentId: number }) => rankingTopics(),
  load: (db, options) => studentRank(db, options),
});

/** Coins held, public opportunities, students with an application, completed applications (community_totals). */
export const communityImpact = cachedRead({
  topics: () => [topics.balances, "opportunities", topics.applicationCount, topics.applicationCompletions],
  load: (db) => getCommunityImpact(db),
});
