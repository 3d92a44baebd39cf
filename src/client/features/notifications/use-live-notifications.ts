// Opens the tab's live connection while someone is signed in (lib/live-updates.ts) and puts what it says in the
// query cache: the bell's unread count and the navigation bar's coins at once, the notification lists refetched.
import { currentUserQuery } from "@client/features/auth/api";
import { closeLiveUpdates, openLiveUpdates } from "@client/lib/live-updates";
import { queryKeys } from "@client/lib/query-keys";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { unreadCountQuery } from "./api";

export function useLiveNotifications(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined) return;
    openLiveUpdates({
      onState: ({ unread, coins }) => {
        // A fetch of the count still in flight was answered before this state was read: cancelled, its older
        // answer cannot overwrite the newer one (a page opened just as a notification arrived showed 0 for good).
        void queryClient.cancelQueries({ queryKey: unreadCountQuery.queryKey });
        const before = queryClient.getQueryData(unreadCountQuery.queryKey);
        queryClient.setQueryData(unreadCountQuery.queryKey, { unread });
        queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
          user && user.coins !== coins ? { ...user, coins } : user,
        );
        if (before?.unread !== unread) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.notificationLists });
        }
        // Something new happened to this person (a decision, a waiting-list offer): the opportunity they look at
        // and their own lists may show it, so an offer appears on the open page without a reload (ADR 0037).
        if (before !== undefined && unread > before.unread) {
          void queryClient.invalidateQueries({ queryKey: ["opportunities", "detail"] });
          void queryClient.invalidateQueries({ queryKey: queryKeys.applications });
          void queryClient.invalidateQueries({ queryKey: queryKeys.ownWaitlist });
        }
      },
      // The session ended elsewhere (another tab signed out): ask who is signed in, which shows the sign-in.
      onSignedOut: () => void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    });
    return closeLiveUpdates;
  }, [queryClient, userId]);
}
