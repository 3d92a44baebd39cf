// Administrators: the list and promotion (administrators contract). Kept under the ["admin"] keys, so the
// dashboard's Refresh All reloads the list too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "../../lib/api-client";
import { administratorsContract } from "../../lib/contract";
import { queryKeys } from "../query-keys";

export function useAdministrators(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.administrators,
    queryFn: () => callApi(administratorsContract.list),
    ...options,
  });
}

export function usePromoteAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callApi(administratorsContract.promote, { body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.administrators }),
  });
}

export function useRemoveAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callApi(administratorsContract.remove, { params: { userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.administrators }),
  });
}
