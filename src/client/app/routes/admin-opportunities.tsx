import { OpportunityManager } from "../../features/opportunities/opportunity-manager";

export default function AdminOpportunitiesScreen() {
  return <OpportunityManager />;
}
