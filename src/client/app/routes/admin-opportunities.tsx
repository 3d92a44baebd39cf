import { OpportunityManager } from "@client/features/opportunities/opportunity-manager";

export default function AdminOpportunitiesScreen() {
  return <OpportunityManager />;
}
