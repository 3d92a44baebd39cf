import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function AdminOpportunitiesScreen() {
  return <PlaceholderScreen title="Opportunity & Application Manager" />;
}
