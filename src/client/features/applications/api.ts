// Application, hours and decision hooks (applications contract). Admin decisions refetch the admin lists and
// the current user (whose coins may have changed when a student is also looking).

import { callApi } from "@client/lib/api-client";
import { applicationsContract, hoursContract } from "@client/lib/contract";
import { queryKeys, refreshAfterAdminMutation } from "@client/lib/query-keys";
import type { BodyOf, QueryOf } from "@shared/contract/endpoint";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

type AdminApplicationsQuery = QueryOf<typeof applicationsContract.adminList>;
export type UpdateStatusBody = BodyOf<typeof applicationsContract.updateStatus>;
export type ApproveHoursBody = BodyOf<typeof hoursContract.approve>;

export function useUserApplications(userId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.userApplications(userId ?? 0),
    queryFn: () => callApi(applicationsContract.listForUser, { params: { userId: userId ?? 0 } }),
    enabled: userId !== undefined && (options.enabled ?? true),
  });
}

export function useOpportunityApplications(opportunityId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.opportunityApplications(opportunityId),
    queryFn: () => callApi(applicationsContract.listForOpportunity, { params: { opportunityId } }),
    ...options,
  });
}

/** Admin data is fetched only for admins (docs/product-spec.md §6): pass `enabled: isAdmin`. */
export function useAdminApplications(
  query: AdminApplicationsQuery = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: queryKeys.adminApplications(query ?? {}),
    queryFn: () => callApi(applicationsContract.adminList, { query }),
    ...options,
  });
}

export function useHourSubmissions(applicationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.hourSubmissions(applicationId),
    queryFn: () => callApi(hoursContract.list, { params: { id: applicationId } }),
    ...options,
  });
}

function useDecision<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        refreshAfterAdminMutation(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.badges }),
      ]),
  });
}

export const useUpdateApplicationStatus = () =>
  useDecision(({ id, body }: { id: number; body: UpdateStatusBody }) =>
    callApi(applicationsContract.updateStatus, { params: { id }, body }),
  );

export const useApproveHours = () =>
  useDecision(({ id, body }: { id: number; body: ApproveHoursBody }) =>
    callApi(hoursContract.approve, { params: { id }, body }),
  );

export const useRejectHours = () =>
  useDecision(({ id, feedback }: { id: number; feedback: string }) =>
    callApi(hoursContract.reject, { params: { id }, body: { feedback } }),
  );

/** A student's submission; refreshes their applications and the current user. */
export function useSubmitHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hours }: { id: number; hours: number }) =>
      callApi(hoursContract.submit, { params: { id }, body: { hours } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applications }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]),
  });
}
