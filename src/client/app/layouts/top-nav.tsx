import { buttonClasses } from "@client/components/ui/button";
import { useCurrentUser } from "@client/features/auth/api";
import { NotificationBell } from "@client/features/notifications";
import { cn } from "@client/lib/cn";
import { initialsOf } from "@client/lib/initials";
import { isAdminPath, paths } from "@client/lib/paths";
import type { CurrentUser } from "@shared/contract/auth";
import { Coins } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { BrandLink } from "./brand-link";

// The menu (Radix DropdownMenu and its positioning code) is only for signed-in users: visitors never load it.
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

interface NavItem {
  label: string;
  to: string;
  isActive: (pathname: string) => boolean;
}

function navItemsFor(user: CurrentUser): NavItem[] {
  const items: NavItem[] = [
    {
      label: "Opportunities",
      to: paths.opportunities,
      // The list and each opportunity's page; home keeps its own link (the brand) and admin screens never
      // highlight it.
      isActive: (pathname) => pathname === paths.opportunities || pathname.startsWith("/opportunity/"),
    },
    { label: "Leaderboard", to: paths.leaderboard, isActive: (pathname) => pathname === paths.leaderboard },
  ];
  if (user.role === "student") {
    items.push({
      label: "My Dashboard",
      to: paths.dashboard,
      isActive: (pathname) => pathname === paths.dashboard,
    });
  }
  if (user.role === "admin") {
    items.push({ label: "Admin", to: paths.admin, isActive: isAdminPath });
  }
  return items;
}

/**
 * The sticky top bar. On narrow screens the links wrap onto a second row instead of scrolling sideways; both rows
 * are slimmer there, so the header takes little of a phone's screen.
 */
export function TopNav() {
  const { user, isPending } = useCurrentUser();
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-stone-200 border-b bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/80">
      <div className="mx-auto flex min-h-12 max-w-6xl flex-wrap items-center gap-x-2 min-[360px]:gap-x-6 px-4 sm:px-6 md:min-h-16">
        <BrandLink />
        {user && (
          <nav
            aria-label="Main"
            className="order-last w-full border-stone-200 border-t py-0.5 md:order-none md:w-auto md:border-0 md:py-0"
          >
            <ul className="flex justify-between md:justify-start md:gap-1">
              {navItemsFor(user).map((item) => {
                const isActive = item.isActive(pathname);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={isActive ? "page" : undefined}
                      className={cn(
                        // One row down to 320 px, so the sticky header stays within the page's scroll padding (WCAG 2.4.11).
                        // Slim on phones (ADR 0029): the whole header is at most 88 px tall there, links still 32 px tall.
                        "block whitespace-nowrap rounded-lg px-1.5 py-1.5 font-medium text-[0.8125rem] transition-colors min-[360px]:px-2 min-[360px]:text-sm sm:px-3 md:py-2",
                        isActive
                          ? "bg-saffron-100 text-saffron-900"
                          : "text-stone-700 hover:bg-stone-100 hover:text-stone-900",
                      )}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1.5 py-1 min-[360px]:gap-2 sm:gap-3 md:py-2">
          {/* Coins are earned by students; an admin's header has no counter (ADR 0025). */}
          {user?.role === "student" && <CoinCounter coins={user.coins} />}
          {user && <NotificationBell />}
          {user && <DeferredUserMenu user={user} />}
          {!user && !isPending && pathname !== paths.login && (
            <Link to={paths.login} className={buttonClasses("primary", "sm")}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function CoinCounter({ coins }: { coins: number | null | undefined }) {
  const count = coins ?? 0;
  return (
    <p className="flex items-center gap-1.5 rounded-full border border-saffron-200 bg-saffron-50 px-3 py-1 font-semibold text-saffron-900 text-sm">
      <Coins aria-hidden className="size-4 text-saffron-700" />
      <span aria-hidden>{count}</span>
      <span className="sr-only">{`${count} coins`}</span>
    </p>
  );
}

/**
 * The menu's code loads once the page is idle: on a phone's first visit it would otherwise download and run beside
 * the screen's own code and hold its first paint back (ADR 0029). The placeholder looks the same.
 */
function DeferredUserMenu({ user }: { user: CurrentUser }) {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(() => setIsIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIsIdle(true), { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  const placeholder = <UserMenuPlaceholder user={user} />;
  if (!isIdle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu user={user} />
    </Suspense>
  );
}

/** The menu button's look and size while its code loads, so nothing moves when it arrives. */
function UserMenuPlaceholder({ user }: { user: CurrentUser }) {
  return (
    <span aria-hidden className="flex items-center gap-2 p-0.5 pr-1.5">
      <span className="inline-flex size-9 items-center justify-center rounded-full bg-indigo-700 font-semibold text-sm text-white">
        {initialsOf(user.firstName, user.lastName)}
      </span>
      <span className="hidden font-medium text-sm text-stone-800 lg:inline">{user.firstName}</span>
      <span className="size-4" />
    </span>
  );
}
