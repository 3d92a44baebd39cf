import { AnalyticsPage } from "@client/features/analytics/analytics-page";
import { useCurrentUser } from "@client/features/auth/api";

export default function AdminAnalyticsScreen() {
  // RequireAdmin renders this screen only for a signed-in admin, so the figures are fetched only for admins.
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return null;
  return <AnalyticsPage />;
}
