// The leaderboard reads the server caches, each with the change topics it is read from (db/cached-read.ts).
import { cachedRead } from "@server/db/cached-read";
import { topics } from "@server/db/change-tracker";
import { getCommunityImpact, type RankingOptions, rankStudents } from "./leaderboard.service";

/** Scores come from the ledger, names and anonymity from users, tie-breaks from completed applications. */
export const ranking = cachedRead({
  topics: (_options: RankingOptions) => ["coin_ledger", "users", topics.applicationCompletions],
  load: (db, options) => rankStudents(db, options),
});

/** Coins held, public opportunities, students with an application, completed applications. */
export const communityImpact = cachedRead({
  topics: () => [
    "users",
    topics.balances,
    "opportunities",
    topics.applicationCount,
    topics.applicationCompletions,
  ],
  load: (db) => getCommunityImpact(db),
});
