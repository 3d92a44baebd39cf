// Which action the detail page's side card offers (docs/product-spec.md §2 "Opportunity detail"). The server
// decides for real (docs/product-rules.md §2); this only keeps the card from offering what would be refused
// anyway.
import type { OpportunityDetail } from "@shared/contract/opportunities";
import type { Role } from "@shared/domain/enums";

export type ApplyState = "signIn" | "apply" | "applied" | "closed" | "unavailable";

export function applyStateOf(
  opportunity: Pick<OpportunityDetail, "status" | "viewerApplication">,
  viewer: { role: Role } | null,
): ApplyState {
  if (!viewer) return "signIn";
  if (opportunity.viewerApplication) return "applied";
  if (opportunity.status === "closed") return "closed";
  if (opportunity.status !== "open" || viewer.role === "admin") return "unavailable";
  return "apply";
}

/** Applicants out of the places, e.g. "3/10", or "Unlimited" when there is no cap. */
export function capacityText(applicants: number, capacity: number | null): string {
  return capacity === null ? "Unlimited" : `${applicants}/${capacity}`;
}
