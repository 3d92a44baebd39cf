import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function AdminApplicationsScreen() {
  return <PlaceholderScreen title="Applications" />;
}
