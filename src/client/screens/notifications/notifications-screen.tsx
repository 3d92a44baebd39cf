// Every notification of the signed-in person, newest first and paged on the server, each linking to its screen;
// mark one or all read. The bell's panel shows the latest few.
import { Button } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { ListPager } from "@client/components/ui/list-pager";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { SkeletonList } from "@client/components/ui/skeleton";
import { NotificationItem } from "@client/features/notifications";
import {
  useMarkAllRead,
  useMarkRead,
  useNotificationPage,
  useUnreadCount,
} from "@client/features/notifications/api";
import { cn } from "@client/lib/cn";
import { queryKeys } from "@client/lib/query-keys";
import { toastFailure } from "@client/lib/toast";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { Notification } from "@shared/contract/notifications";
import { BellOff, CheckCheck } from "lucide-react";
import { useId, useState } from "react";

const PAGE_SIZE = 20;

export default function NotificationsScreen() {
  const [offset, setOffset] = useState(0);
  const page = useNotificationPage(offset, PAGE_SIZE);
  const unread = useUnreadCount(true);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const headingId = useId();
  useRefreshOnVisit(queryKeys.notificationLists);
  useSendToLoginWhenUnauthorized(page.error);

  const markOne = (notification: Notification) => {
    if (notification.readAt !== null) return;
    markRead.mutate(notification.id, {
      onError: (error) => toastFailure(error, "Not marked read", "Please try again."),
    });
  };
  const items = page.data?.items ?? [];

  return (
    <Page className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title="Notifications"
        description="News of your applications, hours and opportunities, newest first."
      />
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="font-semibold text-lg text-stone-900">
            {unread > 0 ? `${unread} unread` : "All read"}
          </h2>
          <Button
            variant="outline"
            size="sm"
            disabled={unread === 0}
            isPending={markAllRead.isPending}
            onClick={() =>
              markAllRead.mutate(undefined, {
                onError: (error) => toastFailure(error, "Not marked read", "Please try again."),
              })
            }
          >
            <CheckCheck aria-hidden className="size-4" />
            Mark all as read
          </Button>
        </div>
        {page.data ? (
          items.length === 0 && offset === 0 ? (
            <EmptyState icon={BellOff} title="No notifications yet" headingLevel={2}>
              When an application is decided or hours are approved, you will hear of it here.
            </EmptyState>
          ) : (
            <>
              <ul className="grid divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
                {items.map((notification) => (
                  <li
                    key={notification.id}
                    className={cn(
                      "flex items-start gap-2 pr-2",
                      notification.readAt === null && "bg-saffron-50/60",
                    )}
                  >
                    <div className="min-w-0 flex-1">
                      <NotificationItem notification={notification} onFollow={markOne} tintUnread={false} />
                    </div>
                    {notification.readAt === null && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="mt-2 shrink-0"
                        aria-label={`Mark "${notification.title}" as read`}
                        onClick={() => markOne(notification)}
                      >
                        Mark read
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
              <ListPager
                offset={offset}
                pageSize={PAGE_SIZE}
                shown={items.length}
                total={page.data.total}
                what={["notifications", "notification"]}
                onOffsetChange={setOffset}
              />
            </>
          )
        ) : page.isError ? (
          <LoadError what="your notifications" error={page.error} onRetry={() => page.refetch()} />
        ) : (
          <SkeletonList
            count={5}
            className="grid gap-2"
            itemClassName="h-20"
            label="Loading your notifications"
          />
        )}
      </section>
    </Page>
  );
}
