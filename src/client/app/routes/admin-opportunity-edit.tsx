import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function AdminOpportunityEditScreen() {
  return <PlaceholderScreen title="Edit Opportunity" />;
}
