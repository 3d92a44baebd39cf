import { cn } from "@client/lib/cn";
import { Bell } from "lucide-react";

/** "Notifications, 3 unread": the bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

export const bellClasses =
  "relative inline-flex size-9 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-900 data-[state=open]:bg-stone-100";

export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <Bell aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden
          className={cn(
            "absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 font-bold text-[0.6875rem] text-white leading-none ring-2 ring-canvas",
          )}
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </>
  );
}
