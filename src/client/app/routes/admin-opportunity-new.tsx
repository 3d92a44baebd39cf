import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function AdminOpportunityNewScreen() {
  return <PlaceholderScreen title="Create New Opportunity" />;
}
