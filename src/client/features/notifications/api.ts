// The signed-in person's notifications (notifications contract): the bell's unread count, the lists, marking
// read, and the celebration of what a student earned since their last visit.
import { callApi, callApiPage } from "@client/lib/api-client";
import { notificationsContract } from "@client/lib/contract";
import { useIsLive } from "@client/lib/live-updates";
import { queryKeys } from "@client/lib/query-keys";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

/** docs/product-rules.md §8: while the live stream is down, the count is polled this often. */
export const FALLBACK_POLL_MS = 10_000;

export const unreadCountQuery = queryOptions({
  queryKey: queryKeys.unreadNotifications,
  queryFn: () => callApi(notificationsContract.unreadCount),
});

/** The bell's count: kept current by the live stream, polled every 10 s while the stream is down. */
export function useUnreadCount(enabled: boolean) {
  const isLive = useIsLive();
  const { data } = useQuery({
    ...unreadCountQuery,
    enabled,
    refetchInterval: isLive ? false : FALLBACK_POLL_MS,
  });
  return data?.unread ?? 0;
}

export function notificationPageQuery(offset: number, limit: number) {
  return queryOptions({
    queryKey: queryKeys.notificationList({ offset, limit }),
    queryFn: () => callApiPage(notificationsContract.list, { query: { offset, limit } }),
  });
}

export function useNotificationPage(offset: number, limit: number, enabled = true) {
  return useQuery({ ...notificationPageQuery(offset, limit), enabled });
}

function useAfterMarking() {
  const queryClient = useQueryClient();
  return ({ unread }: { unread: number }) => {
    queryClient.setQueryData(unreadCountQuery.queryKey, { unread });
    return queryClient.invalidateQueries({ queryKey: queryKeys.notificationLists });
  };
}

export function useMarkRead() {
  const onSuccess = useAfterMarking();
  return useMutation({
    mutationFn: (id: number) => callApi(notificationsContract.markRead, { params: { id } }),
    onSuccess,
  });
}

export function useMarkAllRead() {
  const onSuccess = useAfterMarking();
  return useMutation({ mutationFn: () => callApi(notificationsContract.markAllRead), onSuccess });
}

export const celebrationQuery = queryOptions({
  queryKey: queryKeys.celebration,
  queryFn: () => callApi(notificationsContract.celebration),
});

/** Marks the celebration shown, on every device. */
export function useCelebrationSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notificationsContract.celebrationSeen),
    onSuccess: () => queryClient.setQueryData(celebrationQuery.queryKey, null),
  });
}
