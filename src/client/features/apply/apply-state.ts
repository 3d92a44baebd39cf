// Which action the detail page's side card offers (docs/product-spec.md §2 "Opportunity detail"). The server
// decides for real (docs/product-rules.md §2); this only keeps the card from offering what would be refused
// anyway.
import type { OpportunityDetail } from "@shared/contract/opportunities";
import type { Role } from "@shared/domain/enums";

export type ApplyState =
  | "signIn"
  | "apply"
  | "applied"
  | "closed"
  | "unavailable"
  /** Full: the student may join the waiting list. */
  | "join"
  | "waiting"
  | "offered";

type ApplyStateInput = Pick<OpportunityDetail, "status" | "viewerApplication"> &
  Partial<Pick<OpportunityDetail, "placesLeft" | "viewerWaitlist">>;

export function applyStateOf(opportunity: ApplyStateInput, viewer: { role: Role } | null): ApplyState {
  if (!viewer) return "signIn";
  // A withdrawn application leaves the student free to apply again (docs/product-rules.md §12).
  if (opportunity.viewerApplication && opportunity.viewerApplication.status !== "withdrawn") return "applied";
  if (opportunity.viewerWaitlist?.status === "offered") return "offered";
  if (opportunity.viewerWaitlist?.status === "waiting") return "waiting";
  if (opportunity.status === "closed") return "closed";
  if (opportunity.status !== "open" || viewer.role === "admin") return "unavailable";
  if (opportunity.placesLeft === 0) return "join";
  return "apply";
}

/** Applicants out of the places, e.g. "3/10", or "Unlimited" when there is no cap. */
export function capacityText(applicants: number, capacity: number | null): string {
  return capacity === null ? "Unlimited" : `${applicants}/${capacity}`;
}
