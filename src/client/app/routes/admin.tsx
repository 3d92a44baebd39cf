import { AdminDashboard } from "@client/features/admin-dashboard/admin-dashboard";
import { useCurrentUser } from "@client/features/auth/api";

export default function AdminDashboardScreen() {
  // RequireAdmin renders this screen only for a signed-in admin.
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return null;
  return <AdminDashboard user={user} />;
}
