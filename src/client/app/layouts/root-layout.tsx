import { ProgramPrompt, TemporaryPasswordPrompt } from "@client/features/auth";
import { useCurrentUser } from "@client/features/auth/api";
import { InterestsPrompt } from "@client/features/interests";
import { Celebration, useLiveNotifications } from "@client/features/notifications";
import { useMarkFirstScreenCommitted } from "@client/lib/first-paint";
import { paths } from "@client/lib/paths";
import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { SiteFooter } from "./site-footer";
import { TopNav } from "./top-nav";
import { useKeepFocusInPlace } from "./use-keep-focus-in-place";
import { useRefreshUserOnNavigation } from "./use-refresh-user-on-navigation";

export function RootLayout() {
  useMarkFirstScreenCommitted();
  useRefreshUserOnNavigation();
  useScrollToTopOnNewPage();
  useKeepFocusInPlace();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  // One live connection per tab while signed in: the bell's count and the coins follow it (ADR 0032).
  useLiveNotifications(user?.id);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white font-semibold text-indigo-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <TopNav />
      {/* At least the screen below the top bar (4rem), so the footer starts below the fold and does not jump
          down when a screen's content arrives after its code and data. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {/* A screen's chunk loads before it shows; navigations are transitions, so the previous screen stays
            until then, and the first one leaves the area blank, which is shorter than any spinner. */}
        {/* The programme comes first (a dialog: it must be answered); the server holds the other questions back. */}
        {user && <ProgramPrompt user={user} />}
        {user && <TemporaryPasswordPrompt user={user} />}
        {/* Asked after the password prompt is answered (the server orders them); Profile has its own section. */}
        {user && pathname !== paths.profile && <InterestsPrompt key={user.id} user={user} />}
        {user && <Celebration user={user} />}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A link or redirect opens the new page at its top; back and forward keep the browser's own scroll position. */
function useScrollToTopOnNewPage() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
