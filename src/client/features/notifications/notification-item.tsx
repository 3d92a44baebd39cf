import { cn } from "@client/lib/cn";
import type { Notification } from "@shared/contract/notifications";
import { Link } from "react-router";
import { relativeTime } from "./relative-time";

interface NotificationItemProps {
  notification: Notification;
  /** Following the link marks it read (and may close the panel it sits in). */
  onFollow: (notification: Notification) => void;
  /** The panel's tighter spacing, its text cut to two lines. */
  compact?: boolean;
  /** Tints an unread one; off where the row around it carries the tint. */
  tintUnread?: boolean;
}

/** One notification: a link to the screen it concerns, its text, when it came, and a dot while unread. */
export function NotificationItem({
  notification,
  onFollow,
  compact = false,
  tintUnread = true,
}: NotificationItemProps) {
  const isUnread = notification.readAt === null;
  return (
    <Link
      to={notification.link}
      onClick={() => onFollow(notification)}
      className={cn(
        "flex gap-3 rounded-lg text-left transition-colors hover:bg-stone-50",
        compact ? "px-3 py-2.5" : "px-4 py-3",
        isUnread && tintUnread && "bg-saffron-50/60",
      )}
    >
      <span
        aria-hidden
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", isUnread ? "bg-saffron-600" : "bg-transparent")}
      />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn("text-sm text-stone-900", isUnread ? "font-semibold" : "font-medium")}>
          {notification.title}
          {isUnread && <span className="sr-only"> (unread)</span>}
        </span>
        <span className={cn("text-sm text-stone-700", compact && "line-clamp-2")}>{notification.body}</span>
        <time dateTime={notification.createdAt} className="text-stone-600 text-xs">
          {relativeTime(notification.createdAt)}
        </time>
      </span>
    </Link>
  );
}
