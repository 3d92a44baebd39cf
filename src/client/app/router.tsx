// The route table. Every screen (src/client/screens/) is its own lazily loaded chunk, so students never
// download admin screens; the guards that wrap them are small and ship with the shell. The routes are
// declarative (<Routes>), not react-router's data router: screens load their data through TanStack Query, and
// the data router's own code would add about 17 kB gzip to every page (e2e/bundle-budget.spec.ts holds the
// budget).
import { useCurrentUser } from "@client/features/auth/api";
import { opportunityQuery } from "@client/features/opportunities/api";
import { useQueryClient } from "@tanstack/react-query";
import { isValidElement, useState } from "react";
import { createRoutesFromElements, matchRoutes, Route, useLocation, useRoutes } from "react-router";
import { RequireAdmin, RequireSignedIn, RequireStudent, VisitorOnly } from "./layouts/guards";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./layouts/route-error";
import { lazyScreen } from "./lazy-screen";

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

/**
 * What the app opens on starts at once, not after the current user's answer (preloaded by index.html) has let
 * the guards render it:
 * - the screen's code, so the screen is drawn as soon as the user is known (`lazyScreen`): for the pages the
 *   server names in the page it sends (src/server/http/app-shell.ts) it is already on its way; elsewhere this
 *   only asks a little earlier for what the screen loads anyway (a guard that turns the visitor away wastes it);
 * - an opportunity's data, beside the current user's request (ADR 0029).
 */
function useStartFirstScreenEarly() {
  const queryClient = useQueryClient();
  useState(() => {
    const { pathname, search } = window.location;
    for (const { route } of matchRoutes(routes, pathname) ?? []) {
      const screen = isValidElement(route.element) ? route.element.type : undefined;
      if (typeof screen === "function" && "preload" in screen && typeof screen.preload === "function")
        screen.preload().catch(() => undefined);
    }
    const opportunityId = pathname.match(/^\/opportunity\/(\d+)\/?$/)?.[1];
    if (opportunityId) {
      const shareKey = new URLSearchParams(search).get("key") ?? undefined;
      queryClient.prefetchQuery(opportunityQuery(Number(opportunityId), shareKey)).catch(() => undefined);
    }
    return true;
  });
}

export function AppRoutes() {
  useStartFirstScreenEarly();
  const { pathname } = useLocation();
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
