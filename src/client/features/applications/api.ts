// Application hooks (applications contract): a student's, an opportunity's and the admin's lists, and the admin's
// decision on an application, which refetches the admin lists and the badges it may have awarded. Hours have
// their own hooks in features/hours/api.ts.

import { useDecisionMutation } from "@client/lib/admin-decision";
import { callApi, callApiPage } from "@client/lib/api-client";
import { applicationsContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import type { BodyOf, QueryOf } from "@shared/contract/endpoint";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

export type AdminApplicationsQuery = QueryOf<typeof applicationsContract.adminList>;
export type UpdateStatusBody = BodyOf<typeof applicationsContract.updateStatus>;

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

export const adminApplicationsQuery = (query: AdminApplicationsQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.adminApplications(query ?? {}),
    queryFn: () => callApi(applicationsContract.adminList, { query }),
  });

/** Admin data is fetched only for admins (docs/product-spec.md §6): pass `enabled: isAdmin`. */
export function useAdminApplications(
  query: AdminApplicationsQuery = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({ ...adminApplicationsQuery(query), ...options });
}

export const adminApplicationsPageQuery = (query: AdminApplicationsQuery) =>
  queryOptions({
    queryKey: queryKeys.adminApplicationsPage(query),
    queryFn: async () => ({
      ...(await callApiPage(applicationsContract.adminList, { query })),
      offset: Number(query.offset ?? 0),
    }),
  });

/**
 * One page of the admin list, the total it is a page of, and the offset it starts at. The previous page stays on
 * screen while the next loads, so paging, sorting and filtering do not flash skeletons; its offset says which
 * page is shown meanwhile.
 */
export function useAdminApplicationsPage(query: AdminApplicationsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminApplicationsPageQuery(query), placeholderData: keepPreviousData, ...options });
}

export const useUpdateApplicationStatus = () =>
  useDecisionMutation(({ id, body }: { id: number; body: UpdateStatusBody }) =>
    callApi(applicationsContract.updateStatus, { params: { id }, body }),
  );
