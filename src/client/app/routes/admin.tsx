import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function AdminDashboardScreen() {
  return <PlaceholderScreen title="Admin Dashboard" />;
}
