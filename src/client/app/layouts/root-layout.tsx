import { Outlet, ScrollRestoration } from "react-router";
import { useRefreshUserOnNavigation } from "../../features/auth/use-refresh-user-on-navigation";
import { SiteFooter } from "./site-footer";
import { TopNav } from "./top-nav";

export function RootLayout() {
  useRefreshUserOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white font-semibold text-indigo-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        Skip to main content
      </a>
      <TopNav />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
