import { EditOpportunity } from "@client/features/opportunities/opportunity-editors";
import { parseOpportunityId } from "@client/features/opportunities/opportunity-id";
import { useParams } from "react-router";

export default function AdminOpportunityEditScreen() {
  const { id } = useParams();
  return <EditOpportunity key={id} id={parseOpportunityId(id)} />;
}
