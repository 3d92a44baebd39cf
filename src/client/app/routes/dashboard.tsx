import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function DashboardScreen() {
  return <PlaceholderScreen title="My Dashboard" />;
}
