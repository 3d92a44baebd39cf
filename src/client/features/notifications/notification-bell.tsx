import { lazy, Suspense, useEffect, useState } from "react";
import { useUnreadCount } from "./api";
import { BellFace, bellClasses } from "./bell-face";

// The panel (Radix Popover and its positioning code) loads once the page is idle, like the account menu.
const NotificationPopover = lazy(() =>
  import("./notification-popover").then((module) => ({ default: module.NotificationPopover })),
);

/** The bell in the navigation bar: the unread count, opening the latest notifications. */
export function NotificationBell() {
  const unread = useUnreadCount(true);
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(() => setIsIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIsIdle(true), { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  const placeholder = (
    <span aria-hidden className={bellClasses}>
      <BellFace unread={unread} />
    </span>
  );
  if (!isIdle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <NotificationPopover unread={unread}>
        <BellFace unread={unread} />
      </NotificationPopover>
    </Suspense>
  );
}
