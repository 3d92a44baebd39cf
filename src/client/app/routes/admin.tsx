import { AdminDashboard } from "../../features/admin-dashboard/admin-dashboard";
import { useCurrentUser } from "../../features/auth/api";

export default function AdminDashboardScreen() {
  // RequireAdmin renders this screen only for a signed-in admin.
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return null;
  return <AdminDashboard user={user} />;
}
