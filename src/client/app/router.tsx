// The route table. Every screen is its own lazily loaded chunk, so students never download admin screens;
// the guards that wrap them are small and ship with the shell. The routes are declarative (<Routes>), not
// react-router's data router: screens load their data through TanStack Query, and the data router's own code
// would add about 17 kB gzip to every page (e2e/bundle-budget.spec.ts holds the budget).
import { lazy } from "react";
import { Route, Routes, useLocation } from "react-router";
import { RequireAdmin, RequireSignedIn, RequireStudent, VisitorOnly } from "./layouts/guards";
import { RootLayout } from "./layouts/root-layout";
import { RouteErrorBoundary } from "./layouts/route-error";

const HomeScreen = lazy(() => import("./routes/home"));
const LoginScreen = lazy(() => import("./routes/login"));
const RegisterScreen = lazy(() => import("./routes/register"));
const ProfileScreen = lazy(() => import("./routes/profile"));
const OpportunityScreen = lazy(() => import("./routes/opportunity"));
const LeaderboardScreen = lazy(() => import("./routes/leaderboard"));
const DashboardScreen = lazy(() => import("./routes/dashboard"));
const AdminDashboardScreen = lazy(() => import("./routes/admin"));
const AdminOpportunitiesScreen = lazy(() => import("./routes/admin-opportunities"));
const AdminOpportunityNewScreen = lazy(() => import("./routes/admin-opportunity-new"));
const AdminOpportunityEditScreen = lazy(() => import("./routes/admin-opportunity-edit"));
const AdminApplicationsScreen = lazy(() => import("./routes/admin-applications"));
const AdminAnalyticsScreen = lazy(() => import("./routes/admin-analytics"));
const NotFoundScreen = lazy(() => import("./routes/not-found"));

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<HomeScreen />} />
          <Route element={<VisitorOnly />}>
            <Route path="login" element={<LoginScreen />} />
            <Route path="register" element={<RegisterScreen />} />
          </Route>
          <Route element={<RequireSignedIn announceLoggedOut />}>
            <Route path="profile" element={<ProfileScreen />} />
          </Route>
          <Route element={<RequireSignedIn />}>
            <Route path="opportunity/:id" element={<OpportunityScreen />} />
            <Route path="leaderboard" element={<LeaderboardScreen />} />
            <Route element={<RequireStudent />}>
              <Route path="dashboard" element={<DashboardScreen />} />
            </Route>
            <Route path="admin" element={<RequireAdmin />}>
              <Route index element={<AdminDashboardScreen />} />
              <Route path="opportunities" element={<AdminOpportunitiesScreen />} />
              <Route path="opportunities/new" element={<AdminOpportunityNewScreen />} />
              <Route path="opportunities/:id/edit" element={<AdminOpportunityEditScreen />} />
              <Route path="applications/:opportunityId" element={<AdminApplicationsScreen />} />
              <Route path="analytics" element={<AdminAnalyticsScreen />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundScreen />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
