// The route table. Every screen (src/client/screens/) is its own lazily loaded chunk, so students never
// download admin screens; the guards that wrap them are small and ship with the shell. The routes are
// declarative (JSX routes rendered by useRoutes), not react-router's data router: screens load their data
// through TanStack Query, and the data router's own code would add about 17 kB gzip to every page
// (e2e/bundle-budget.spec.ts holds the budget). prepareFirstScreen gets what the first screen needs before the
// first render, as a data router's loaders would.
import { currentUserQuery, useCurrentUser } from "@client/features/auth/api";
import { opportunityQuery } from "@client/features/opportunities/api";
import type { CurrentUser } from "@shared/contract/auth";
import type { QueryClient } from "@tanstack/react-query";
import { isValidElement } from "react";
import { createRoutesFromElements, matchRoutes, Route, useLocation, useRoutes } from "react-router";
import { RequireAdmin, RequireSignedIn, RequireStudent, VisitorOnly } from "./layouts/guards";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./layouts/route-error";
import { lazyScreen, type ScreenPrefetch } from "./lazy-screen";

const LandingScreen = lazyScreen(() => import("@client/screens/landing/landing-screen"));
const SignedInHomeScreen = lazyScreen(() => import("@client/screens/signed-in-home/signed-in-home-screen"));
const LoginScreen = lazyScreen(() => import("@client/screens/login/login-screen"));
const RegisterScreen = lazyScreen(() => import("@client/screens/register/register-screen"));
const ForgotPasswordScreen = lazyScreen(
  () => import("@client/screens/forgot-password/forgot-password-screen"),
);
const ResetPasswordScreen = lazyScreen(() => import("@client/screens/reset-password/reset-password-screen"));
const SignInRefusedScreen = lazyScreen(
  () => import("@client/screens/sign-in-refused/sign-in-refused-screen"),
);
const ConfirmHoursScreen = lazyScreen(() => import("@client/screens/confirm-hours/confirm-hours-screen"));
const VerifyScreen = lazyScreen(() => import("@client/screens/verify/verify-screen"));
const ProfileScreen = lazyScreen(() => import("@client/screens/profile/profile-screen"));
const OpportunityScreen = lazyScreen(() => import("@client/screens/opportunity/opportunity-screen"));
const LeaderboardScreen = lazyScreen(() => import("@client/screens/leaderboard/leaderboard-screen"));
const OpportunitiesScreen = lazyScreen(() => import("@client/screens/opportunities/opportunities-screen"));
const DashboardScreen = lazyScreen(() => import("@client/screens/dashboard/dashboard-screen"));
const AdminDashboardScreen = lazyScreen(
  () => import("@client/screens/admin-dashboard/admin-dashboard-screen"),
);
const AdminOpportunitiesScreen = lazyScreen(
  () => import("@client/screens/admin-opportunities/admin-opportunities-screen"),
);
const CreateOpportunityScreen = lazyScreen(
  () => import("@client/screens/admin-opportunity-editor/create-opportunity-screen"),
);
const EditOpportunityScreen = lazyScreen(
  () => import("@client/screens/admin-opportunity-editor/edit-opportunity-screen"),
);
const AdminApplicationsScreen = lazyScreen(
  () => import("@client/screens/admin-applications/admin-applications-screen"),
);
const AdminAnalyticsScreen = lazyScreen(
  () => import("@client/screens/admin-analytics/admin-analytics-screen"),
);
const AdminMailScreen = lazyScreen(() => import("@client/screens/admin-mail/admin-mail-screen"));
const NotificationsScreen = lazyScreen(() => import("@client/screens/notifications/notifications-screen"));
const NotFoundScreen = lazyScreen(() => import("@client/screens/not-found/not-found-screen"));

/** "/": the pitch for visitors, the opportunities home for signed-in users; each loads only its own chunk. */
function HomeRoute() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return null;
  return user ? <SignedInHomeScreen user={user} /> : <LandingScreen />;
}

// Built once, not at every render of the app (<Routes> rebuilds its list from its children each time).
const routes = createRoutesFromElements(
  <Route element={<RootLayout />}>
    <Route index element={<HomeRoute />} />
    <Route element={<VisitorOnly />}>
      <Route path="login" element={<LoginScreen />} />
      <Route path="register" element={<RegisterScreen />} />
      <Route path="forgot-password" element={<ForgotPasswordScreen />} />
    </Route>
    {/* Open to anyone: a signed-in person may follow the e-mailed link too, and the reset signs them out. */}
    <Route path="reset-password" element={<ResetPasswordScreen />} />
    <Route path="confirm-hours" element={<ConfirmHoursScreen />} />
    {/* The institution's sign-in can be refused to someone already signed in (another account there). */}
    <Route path="sign-in/refused" element={<SignInRefusedScreen />} />
    {/* A certificate's public page: anyone with its link or QR code, signed in or not. */}
    <Route path="verify/:code" element={<VerifyScreen />} />
    <Route element={<RequireSignedIn announceLoggedOut />}>
      <Route path="profile" element={<ProfileScreen />} />
    </Route>
    <Route element={<RequireSignedIn />}>
      <Route path="opportunities" element={<OpportunitiesScreen />} />
      <Route path="opportunity/:id" element={<OpportunityScreen />} />
      <Route path="leaderboard" element={<LeaderboardScreen />} />
      <Route path="notifications" element={<NotificationsScreen />} />
      <Route element={<RequireStudent />}>
        <Route path="dashboard" element={<DashboardScreen />} />
      </Route>
      <Route path="admin" element={<RequireAdmin />}>
        <Route index element={<AdminDashboardScreen />} />
        <Route path="opportunities" element={<AdminOpportunitiesScreen />} />
        <Route path="opportunities/new" element={<CreateOpportunityScreen />} />
        <Route path="opportunities/:id/edit" element={<EditOpportunityScreen />} />
        <Route path="applications/:opportunityId" element={<AdminApplicationsScreen />} />
        <Route path="analytics" element={<AdminAnalyticsScreen />} />
        <Route path="mail" element={<AdminMailScreen />} />
      </Route>
    </Route>
    <Route path="*" element={<NotFoundScreen />} />
  </Route>,
);

/** Who may see what a guard wraps, as the guards decide it (layouts/guards.tsx). */
const GUARDS = new Map<unknown, (user: CurrentUser | null) => boolean>([
  [RequireSignedIn, (user) => user !== null],
  [RequireAdmin, (user) => user?.role === "admin"],
  [RequireStudent, (user) => user?.role === "student"],
  [VisitorOnly, (user) => user === null],
]);

/** What `lazyScreen` adds to a component: its code can be asked for before it is rendered. */
interface Preloadable {
  preload: () => Promise<{ prefetch?: ScreenPrefetch }>;
}

const isPreloadable = (type: unknown): type is Preloadable =>
  typeof type === "function" && "preload" in type && typeof type.preload === "function";

/** The lazily loaded screen `user` will see at `pathname`, if the guards let them see one. */
function firstScreenOf(pathname: string, user: CurrentUser | null): Preloadable | undefined {
  let screen: Preloadable | undefined;
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type = isValidElement(route.element) ? route.element.type : undefined;
    if (GUARDS.get(type)?.(user) === false) return undefined;
    if (type === HomeRoute) screen = user ? SignedInHomeScreen : LandingScreen;
    else if (isPreloadable(type)) screen = type;
  }
  return screen;
}

/** How long the first render waits for the current user and its screen's code, at most. */
const FIRST_SCREEN_WAIT_MS = 1000;

/**
 * Run before the app's first render: asks who is signed in (the answer is preloaded by index.html) and loads the
 * code of the screen they will see (the server names it in the page it sends, src/server/http/app-shell.ts), so
 * the first render draws the header and the screen together. Without it the header was drawn alone, the
 * screen's lazy chunk suspended once the user was known, and React held the screen back until 300 ms after
 * that empty fallback (ADR 0046, addendum). A slow answer must not leave the page blank: after
 * FIRST_SCREEN_WAIT_MS the app renders anyway, as it did before. A screen whose module exports `prefetch` has
 * its first view's requests started as its code arrives (ADR 0046, second addendum). Also starts an
 * opportunity's data beside the current user's request when the app opens on one (ADR 0029).
 */
export async function prepareFirstScreen(queryClient: QueryClient): Promise<void> {
  const { pathname, search } = window.location;
  const opportunityId = pathname.match(/^\/opportunity\/(\d+)\/?$/)?.[1];
  if (opportunityId) {
    const shareKey = new URLSearchParams(search).get("key") ?? undefined;
    queryClient.prefetchQuery(opportunityQuery(Number(opportunityId), shareKey)).catch(() => undefined);
  }
  const ready = queryClient
    .fetchQuery(currentUserQuery)
    .then((user) => firstScreenOf(pathname, user)?.preload())
    .then((screen) => screen?.prefetch?.(queryClient))
    .catch(() => undefined);
  let timer: number | undefined;
  await Promise.race([
    ready,
    new Promise((resolve) => (timer = window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS))),
  ]);
  window.clearTimeout(timer);
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
