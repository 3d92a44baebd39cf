import { useParams } from "react-router";
import { OpportunityDetailPage } from "../../features/opportunities/opportunity-detail-page";
import { parseOpportunityId } from "../../features/opportunities/opportunity-id";

export default function OpportunityScreen() {
  const { id } = useParams();
  return <OpportunityDetailPage key={id} id={parseOpportunityId(id)} />;
}
