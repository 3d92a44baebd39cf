// Badge queries (badges contract).
import { useQuery } from "@tanstack/react-query";
import { badgesContract } from "../../../shared/contract/badges";
import { callApi } from "../../lib/api-client";
import { queryKeys } from "../query-keys";

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
