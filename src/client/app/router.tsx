// The route table. Every screen (src/client/screens/) is its own lazily loaded chunk, so students never
// download admin screens; the guards that wrap them are small and ship with the shell. The routes are
// declarative (<Routes>), not react-router's data router: screens load their data through TanStack Query, and
// the data router's own code would add about 17 kB gzip to every page (e2e/bundle-budget.spec.ts holds the
// budget).
import { useCurrentUser } from "@client/features/auth/api";
import { opportunityQuery } from "@client/features/opportunities/api";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, useState } from "react";
import { Route, Routes, useLocation } from "react-router";
import { RequireAdmin, RequireSignedIn, RequireStudent, VisitorOnly } from "./layouts/guards";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./layouts/route-error";

const LandingScreen = lazy(() => import("@client/screens/landing/landing-screen"));
const SignedInHomeScreen = lazy(() => import("@client/screens/signed-in-home/signed-in-home-screen"));
const LoginScreen = lazy(() => import("@client/screens/login/login-screen"));
const RegisterScreen = lazy(() => import("@client/screens/register/register-screen"));
const ForgotPasswordScreen = lazy(() => import("@client/screens/forgot-password/forgot-password-screen"));
const ResetPasswordScreen = lazy(() => import("@client/screens/reset-password/reset-password-screen"));
const SignInRefusedScreen = lazy(() => import("@client/screens/sign-in-refused/sign-in-refused-screen"));
const ConfirmHoursScreen = lazy(() => import("@client/screens/confirm-hours/confirm-hours-screen"));
const VerifyScreen = lazy(() => import("@client/screens/verify/verify-screen"));
const ProfileScreen = lazy(() => import("@client/screens/profile/profile-screen"));
const OpportunityScreen = lazy(() => import("@client/screens/opportunity/opportunity-screen"));
const LeaderboardScreen = lazy(() => import("@client/screens/leaderboard/leaderboard-screen"));
const OpportunitiesScreen = lazy(() => import("@client/screens/opportunities/opportunities-screen"));
const DashboardScreen = lazy(() => import("@client/screens/dashboard/dashboard-screen"));
const AdminDashboardScreen = lazy(() => import("@client/screens/admin-dashboard/admin-dashboard-screen"));
const AdminOpportunitiesScreen = lazy(
  () => import("@client/screens/admin-opportunities/admin-opportunities-screen"),
);
const CreateOpportunityScreen = lazy(
  () => import("@client/screens/admin-opportunity-editor/create-opportunity-screen"),
);
const EditOpportunityScreen = lazy(
  () => import("@client/screens/admin-opportunity-editor/edit-opportunity-screen"),
);
const AdminApplicationsScreen = lazy(
  () => import("@client/screens/admin-applications/admin-applications-screen"),
);
const AdminAnalyticsScreen = lazy(() => import("@client/screens/admin-analytics/admin-analytics-screen"));
const AdminMailScreen = lazy(() => import("@client/screens/admin-mail/admin-mail-screen"));
const NotificationsScreen = lazy(() => import("@client/screens/notifications/notifications-screen"));
const NotFoundScreen = lazy(() => import("@client/screens/not-found/not-found-screen"));

/**
 * A first visit that opens on an opportunity would otherwise wait for the current user and the screen's code
 * before asking for its data (ADR 0029). The server names the screen's chunks in the page it sends
 * (src/server/http/app-shell.ts); the shell starts the opportunity's data at once, beside the current user's
 * request (preloaded by index.html).
 */
function useStartFirstScreenEarly() {
  const queryClient = useQueryClient();
  useState(() => {
    const { pathname, search } = window.location;
    const opportunityId = pathname.match(/^\/opportunity\/(\d+)\/?$/)?.[1];
    if (opportunityId) {
      const shareKey = new URLSearchParams(search).get("key") ?? undefined;
      queryClient.prefetchQuery(opportunityQuery(Number(opportunityId), shareKey)).catch(() => undefined);
    }
    return true;
  });
}

/** "/": the pitch for visitors, the opportunities home for signed-in users; each loads only its own chunk. */
function HomeRoute() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return null;
  return user ? <SignedInHomeScreen user={user} /> : <LandingScreen />;
}

export function AppRoutes() {
  useStartFirstScreenEarly();
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
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
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
