import { useCurrentUser } from "@client/features/auth/api";
import { StudentDashboard } from "@client/features/dashboard/student-dashboard";

export default function DashboardScreen() {
  // RequireStudent renders this screen only for a signed-in student.
  const { user } = useCurrentUser();
  if (!user) return null;
  return <StudentDashboard user={user} />;
}
