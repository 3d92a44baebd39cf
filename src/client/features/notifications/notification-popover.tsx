import { buttonClasses } from "@client/components/ui/button";
import { paths } from "@client/lib/paths";
import { toastFailure } from "@client/lib/toast";
import type { Notification } from "@shared/contract/notifications";
import { BellOff } from "lucide-react";
import { Popover } from "radix-ui";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { useMarkAllRead, useMarkRead, useNotificationPage } from "./api";
import { bellClasses, bellLabel } from "./bell-face";
import { NotificationItem } from "./notification-item";

/** How many of the latest notifications the panel lists. */
export const PANEL_SIZE = 8;

/** The bell's button and its panel: the latest notifications, mark all read, and the way to the full list. */
export function NotificationPopover({ unread, children }: { unread: number; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const titleId = useId();
  const page = useNotificationPage(0, PANEL_SIZE, isOpen);
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const follow = (notification: Notification) => {
    setIsOpen(false);
    if (notification.readAt === null) {
      markRead.mutate(notification.id, {
        onError: (error) => toastFailure(error, "Not marked read", "Please try again."),
      });
    }
  };
  const items = page.data?.items ?? [];

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger aria-label={bellLabel(unread)} className={bellClasses}>
        {children}
      </Popover.Trigger>
      {/* Rendered in place, inside the header's landmark, like the account menu. */}
      <Popover.Content
        aria-labelledby={titleId}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className="z-50 flex max-h-[min(32rem,calc(100dvh-6rem))] w-88 max-w-[calc(100vw-1.5rem)] flex-col rounded-xl border border-stone-200 bg-white shadow-xl"
      >
        <div className="flex items-center justify-between gap-3 border-stone-200 border-b px-4 py-3">
          <h2 id={titleId} className="font-semibold text-stone-900">
            Notifications
          </h2>
          {unread > 0 && (
            <button
              type="button"
              className="rounded-md px-2 py-1 font-medium text-indigo-800 text-sm hover:bg-indigo-50 disabled:opacity-60"
              disabled={markAllRead.isPending}
              onClick={() =>
                markAllRead.mutate(undefined, {
                  onError: (error) => toastFailure(error, "Not marked read", "Please try again."),
                })
              }
            >
              Mark all as read
            </button>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
          {page.isPending ? (
            <p className="px-3 py-6 text-center text-sm text-stone-600">Loading…</p>
          ) : page.isError ? (
            <p className="px-3 py-6 text-center text-sm text-stone-700">Notifications could not be loaded.</p>
          ) : items.length === 0 ? (
            <p className="flex flex-col items-center gap-2 px-3 py-6 text-center text-sm text-stone-700">
              <BellOff aria-hidden className="size-5 text-stone-500" />
              Nothing yet. News of your applications and hours will appear here.
            </p>
          ) : (
            <ul className="grid gap-0.5">
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onFollow={follow} compact />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-stone-200 border-t p-2">
          <Link
            to={paths.notifications}
            onClick={() => setIsOpen(false)}
            className={`${buttonClasses("ghost", "sm")} w-full`}
          >
            See all notifications
          </Link>
        </div>
      </Popover.Content>
    </Popover.Root>
  );
}
