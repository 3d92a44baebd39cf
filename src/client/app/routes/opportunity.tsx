import { useParams, useSearchParams } from "react-router";
import { OpportunityDetailPage } from "../../features/opportunities/opportunity-detail-page";
import { parseOpportunityId } from "../../features/opportunities/opportunity-id";

export default function OpportunityScreen() {
  const { id } = useParams();
  // A private opportunity's share link carries its key (ADR 0017).
  const [search] = useSearchParams();
  return (
    <OpportunityDetailPage key={id} id={parseOpportunityId(id)} shareKey={search.get("key") ?? undefined} />
  );
}
