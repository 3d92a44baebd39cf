import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function OpportunityScreen() {
  return <PlaceholderScreen title="Opportunity Details" />;
}
