import { CreateOpportunity } from "../../features/opportunities/opportunity-editors";

export default function AdminOpportunityNewScreen() {
  return <CreateOpportunity />;
}
