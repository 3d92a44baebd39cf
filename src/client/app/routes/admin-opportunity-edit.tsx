import { useParams } from "react-router";
import { EditOpportunity } from "../../features/opportunities/opportunity-editors";
import { parseOpportunityId } from "../../features/opportunities/opportunity-id";

export default function AdminOpportunityEditScreen() {
  const { id } = useParams();
  return <EditOpportunity key={id} id={parseOpportunityId(id)} />;
}
