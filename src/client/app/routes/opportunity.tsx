import { OpportunityDetailPage } from "@client/features/opportunities/opportunity-detail-page";
import { parseOpportunityId } from "@client/features/opportunities/opportunity-id";
import { useParams, useSearchParams } from "react-router";

export default function OpportunityScreen() {
  const { id } = useParams();
  // A private opportunity's share link carries its key (ADR 0017).
  const [search] = useSearchParams();
  return (
    <OpportunityDetailPage key={id} id={parseOpportunityId(id)} shareKey={search.get("key") ?? undefined} />
  );
}
