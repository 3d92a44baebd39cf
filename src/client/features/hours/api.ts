// Hours hooks (hours contract): a student's submissions, and an admin's approval or rejection of them. A
// decision refetches the admin lists, the applications and the badges it may have awarded.

import { useDecisionMutation } from "@client/lib/admin-decision";
import { callApi } from "@client/lib/api-client";
import { hoursContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import type { BodyOf } from "@shared/contract/endpoint";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export type ApproveHoursBody = BodyOf<typeof hoursContract.approve>;
export type RejectHoursBody = BodyOf<typeof hoursContract.reject>;
export type SubmitHoursBody = BodyOf<typeof hoursContract.submit>;

/** Every submission of hours on one application, newest first. */
export function useHourSubmissions(applicationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.hourSubmissions(applicationId),
    queryFn: () => callApi(hoursContract.list, { params: { id: applicationId } }),
    ...options,
  });
}

/** A student's submission; refreshes their applications and the current user. */
export function useSubmitHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SubmitHoursBody }) =>
      callApi(hoursContract.submit, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]),
  });
}

/** Approves the hours under review on application `id`, awarding `body.coinsAwarded` coins. */
export const useApproveHours = () =>
  useDecisionMutation(({ id, body }: { id: number; body: ApproveHoursBody }) =>
    callApi(hoursContract.approve, { params: { id }, body }),
  );

export const useRejectHours = () =>
  useDecisionMutation(({ id, body }: { id: number; body: RejectHoursBody }) =>
    callApi(hoursContract.reject, { params: { id }, body }),
  );

/** E-mails the supervisor a new link for the submission under review on application `id` (once a day). */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(hoursContract.resendVerification, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
  });
}
