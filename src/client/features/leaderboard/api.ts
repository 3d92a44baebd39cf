// Leaderboard, own rank and community totals (leaderboard contract). Anonymity is applied by the server.

import { callApi, callApiPage } from "@client/lib/api-client";
import { leaderboardContract } from "@client/lib/contract";
import type { QueryOf } from "@shared/contract/endpoint";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

type LeaderboardQuery = QueryOf<typeof leaderboardContract.list>;
type OwnRankQuery = QueryOf<typeof leaderboardContract.ownRank>;

export const leaderboardKeys = {
  all: ["leaderboard"] as const,
  list: (query: object) => ["leaderboard", "list", query] as const,
  ownRank: (query: object) => ["leaderboard", "me", query] as const,
  community: ["leaderboard", "community"] as const,
  activities: (search: string) => ["leaderboard", "activities", search] as const,
};

/** Options the activity picker shows at a time; typing narrows the rest. */
export const ACTIVITY_OPTIONS_LIMIT = 20;

/** The opportunities the leaderboard can be filtered by whose title holds `search`, and how many there are. */
export function useLeaderboardActivities(search: string) {
  return useQuery({
    queryKey: leaderboardKeys.activities(search),
    queryFn: () =>
      callApiPage(leaderboardContract.activities, {
        query: { search: search || undefined, limit: ACTIVITY_OPTIONS_LIMIT },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(query: LeaderboardQuery = {}) {
  return useQuery({
    queryKey: leaderboardKeys.list(query ?? {}),
    queryFn: () => callApi(leaderboardContract.list, { query }),
  });
}

/** The signed-in student's own rank for the same filters; only students are ranked. */
export function useOwnRank(query: OwnRankQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: leaderboardKeys.ownRank(query ?? {}),
    queryFn: () => callApi(leaderboardContract.ownRank, { query }),
    ...options,
  });
}

export function useCommunityImpact() {
  return useQuery({
    queryKey: leaderboardKeys.community,
    queryFn: () => callApi(leaderboardContract.community),
  });
}
