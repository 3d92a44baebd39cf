import { CreateOpportunity } from "@client/features/opportunities/opportunity-editors";

export default function AdminOpportunityNewScreen() {
  return <CreateOpportunity />;
}
