// E-mail of notifications (mail contract): the signed-in person's choices, and the admins' mail log.
import { callApi } from "@client/lib/api-client";
import { mailContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import type { BodyOf } from "@shared/contract/endpoint";
import type { MailLogStatus } from "@shared/contract/mail";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export function useMailPreferences() {
  return useQuery({ queryKey: queryKeys.mailPreferences, queryFn: () => callApi(mailContract.preferences) });
}

/** Saves one change; the answer is the whole new set of choices, kept as the query's data. */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof mailContract.updatePreferences>) =>
      callApi(mailContract.updatePreferences, { body }),
    onSuccess: (preferences) => queryClient.setQueryData(queryKeys.mailPreferences, preferences),
  });
}

export interface MailLogQuery {
  status?: MailLogStatus | undefined;
  limit: number;
  offset: number;
}

export function useMailLog(query: MailLogQuery) {
  return useQuery({
    queryKey: queryKeys.adminMailLog(query),
    queryFn: () =>
      callApi(mailContract.log, {
        query: {
          limit: query.limit,
          offset: query.offset,
          ...(query.status ? { status: query.status } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useMailMessage(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.adminMailMessage(id ?? 0),
    queryFn: () => callApi(mailContract.message, { params: { id: id ?? 0 } }),
    enabled: id !== undefined,
  });
}
