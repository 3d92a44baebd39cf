// Waiting-list hooks (waitlist contract): join, leave or decline, take an offered place, the student's own places
// in line and an opportunity's list for admins. Each change refreshes the opportunity, the applications and the
// lists that show places in line.
import { callApi } from "@client/lib/api-client";
import { waitlistContract } from "@client/lib/contract";
import { queryKeys, refreshAfterAdminMutation } from "@client/lib/query-keys";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

function refreshAfterWaitlistChange(queryClient: QueryClient) {
  return Promise.all([
    refreshAfterAdminMutation(queryClient),
    queryClient.invalidateQueries({ queryKey: queryKeys.ownWaitlist }),
    queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
  ]);
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ opportunityId, shareKey }: { opportunityId: number; shareKey?: string }) =>
      callApi(waitlistContract.join, { params: { id: opportunityId }, body: shareKey ? { shareKey } : {} }),
    onSuccess: () => refreshAfterWaitlistChange(queryClient),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opportunityId: number) => callApi(waitlistContract.leave, { params: { id: opportunityId } }),
    onSuccess: () => refreshAfterWaitlistChange(queryClient),
  });
}

export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (opportunityId: number) =>
      callApi(waitlistContract.acceptOffer, { params: { id: opportunityId } }),
    onSuccess: () => refreshAfterWaitlistChange(queryClient),
  });
}

export function useOwnWaitlist(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.ownWaitlist,
    queryFn: () => callApi(waitlistContract.mine, {}),
    ...options,
  });
}

export function useAdminWaitlist(opportunityId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.adminWaitlist(opportunityId),
    queryFn: () => callApi(waitlistContract.adminList, { params: { id: opportunityId } }),
    ...options,
  });
}
