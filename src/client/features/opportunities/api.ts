// Opportunity queries and mutations (opportunities contract). The students' feed polls every 10 s
// (docs/product-spec.md §9) with conditional GETs, so an unchanged list costs a 304.

import { callApi, callApiPage } from "@client/lib/api-client";
import { opportunitiesContract } from "@client/lib/contract";
import { queryKeys, refreshAfterAdminMutation } from "@client/lib/query-keys";
import type { BodyOf, QueryOf } from "@shared/contract/endpoint";
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";

export const OPPORTUNITY_POLL_MS = 10_000;

type ListQuery = QueryOf<typeof opportunitiesContract.list>;
type AdminListQuery = QueryOf<typeof opportunitiesContract.adminList>;
export type OpportunityInput = BodyOf<typeof opportunitiesContract.create>;

export const opportunityListQuery = (query: ListQuery = {}) =>
  queryOptions({
    queryKey: queryKeys.opportunityList(query ?? {}),
    queryFn: () => callApi(opportunitiesContract.list, { query }),
  });

/** The open, public opportunities, refreshed every 10 s while the screen is open. */
export function useOpportunities(query: ListQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...opportunityListQuery(query), refetchInterval: OPPORTUNITY_POLL_MS, ...options });
}

/** One opportunity's page data; the shell prefetches it when the app opens on that page (app/router.tsx). */
export const opportunityQuery = (id: number, shareKey?: string) =>
  queryOptions({
    queryKey: queryKeys.opportunity(id, shareKey),
    queryFn: () => callApi(opportunitiesContract.get, { params: { id }, query: { key: shareKey } }),
  });

/** `shareKey`: the key of the share link the page was opened by, which opens a private opportunity. */
export function useOpportunity(id: number, shareKey?: string) {
  return useQuery({ ...opportunityQuery(id, shareKey), enabled: Number.isInteger(id) && id > 0 });
}

export const adminOpportunitiesPageQuery = (query: AdminListQuery) =>
  queryOptions({
    queryKey: queryKeys.adminOpportunitiesPage(query),
    queryFn: () => callApiPage(opportunitiesContract.adminList, { query }),
  });

/**
 * One page of the manager's list and the count of every match (X-Total-Count). The page shown stays while the
 * next one loads, so paging and typing do not flash skeletons.
 */
export function useAdminOpportunitiesPage(query: AdminListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminOpportunitiesPageQuery(query), placeholderData: keepPreviousData, ...options });
}

type PagedListQuery = Omit<ListQuery, "offset" | "limit">;

/**
 * Open opportunities searched, filtered and sorted by the server, a page at a time ("Show more"). Only the first
 * page polls: the list refreshes while the student looks at its top, and stops once they have pulled more
 * (refetching every loaded page each 10 s is not worth it).
 */
function useOpportunityPages(queryKey: readonly unknown[], query: PagedListQuery, pageSize: number) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) =>
      callApi(opportunitiesContract.list, { query: { ...query, limit: pageSize, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.opportunities.length, 0);
      return loaded < last.total && last.opportunities.length > 0 ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      (current.state.data?.pages.length ?? 0) <= 1 ? OPPORTUNITY_POLL_MS : false,
  });
}

/** The dashboard's 'Discover': open opportunities the student has not applied to. */
export function useDiscoverOpportunities(query: Omit<PagedListQuery, "hideApplied">, pageSize: number) {
  return useOpportunityPages(
    queryKeys.discoverOpportunities(query),
    { ...query, hideApplied: "true" },
    pageSize,
  );
}

/** The /opportunities screen: every open public opportunity matching its filters. */
export function useOpportunitySearch(query: PagedListQuery, pageSize: number) {
  return useOpportunityPages(queryKeys.opportunitySearch(query), query, pageSize);
}

function useAdminMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => refreshAfterAdminMutation(queryClient) });
}

export const useCreateOpportunity = () =>
  useAdminMutation((body: OpportunityInput) => callApi(opportunitiesContract.create, { body }));

export const useUpdateOpportunity = () =>
  useAdminMutation(({ id, body }: { id: number; body: OpportunityInput }) =>
    callApi(opportunitiesContract.update, { params: { id }, body }),
  );

export const useCloseOpportunity = () =>
  useAdminMutation((id: number) => callApi(opportunitiesContract.close, { params: { id } }));

export const useDeleteOpportunity = () =>
  useAdminMutation((id: number) => callApi(opportunitiesContract.remove, { params: { id } }));
