// A student's application to an opportunity (applications contract, apply).

import { callApi } from "@client/lib/api-client";
import { applicationsContract } from "@client/lib/contract";
import { queryKeys, refreshAfterAdminMutation } from "@client/lib/query-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";

/** Apply; on success the user, admin and opportunity lists are refreshed (docs/product-spec.md §7). */
export function useApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { opportunityId: number; shareKey?: string }) =>
      callApi(applicationsContract.apply, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        refreshAfterAdminMutation(queryClient),
      ]),
  });
}

/** Withdraw one's own application; the place frees, so the opportunity and the lists are refreshed. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationId: number) =>
      callApi(applicationsContract.withdraw, { params: { id: applicationId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
        refreshAfterAdminMutation(queryClient),
      ]),
  });
}
