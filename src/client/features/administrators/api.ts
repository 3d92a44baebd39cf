// Administrators: the list, promotion and removal (administrators contract). Kept under the ["admin"] keys, so
// the dashboard's Refresh All reloads the list too.

import { callApi } from "@client/lib/api-client";
import { administratorsContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export const administratorsQuery = queryOptions({
  queryKey: queryKeys.administrators,
  queryFn: () => callApi(administratorsContract.list),
});

export function useAdministrators(options: { enabled?: boolean } = {}) {
  return useQuery({ ...administratorsQuery, ...options });
}

/** A change to who is an administrator, after which the list is loaded again. */
function useAdministratorsMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.administrators }),
  });
}

export const usePromoteAdministrator = () =>
  useAdministratorsMutation((email: string) => callApi(administratorsContract.promote, { body: { email } }));

export const useRemoveAdministrator = () =>
  useAdministratorsMutation((userId: number) =>
    callApi(administratorsContract.remove, { params: { userId } }),
  );
