// Badge queries (badges contract).

import { callApi } from "@client/lib/api-client";
import { badgesContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import { useQuery } from "@tanstack/react-query";

export function useBadges() {
  return useQuery({ queryKey: queryKeys.badges, queryFn: () => callApi(badgesContract.list) });
}

export function useUserBadges(userId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.userBadges(userId ?? 0),
    queryFn: () => callApi(badgesContract.listForUser, { params: { userId: userId ?? 0 } }),
    enabled: userId !== undefined,
  });
}
