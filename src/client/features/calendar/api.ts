// Calendars (calendar contract): the address of the student's private feed, and its reset.
import { callApi } from "@client/lib/api-client";
import { calendarContract } from "@client/lib/contract";
import { queryKeys } from "@client/lib/query-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

export function useCalendarFeed() {
  return useQuery({ queryKey: queryKeys.calendarFeed, queryFn: () => callApi(calendarContract.feed) });
}

/** A new address; the answer replaces the old one on screen. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calendarContract.resetFeed),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed, feed),
  });
}
