// The leaderboard feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { CommunityImpact } from "./community-impact";
export { type Activity, ALL_ACTIVITIES, LeaderboardFilters, TIMEFRAME_LABELS } from "./leaderboard-filters";
export { LeaderboardPodium, PODIUM_SIZE } from "./leaderboard-podium";
export { LeaderboardTable } from "./leaderboard-table";
export { AdminRankNote, OwnRankCard } from "./own-rank-card";
export { RankValue } from "./rank-value";
export { TopContributors } from "./top-contributors";
