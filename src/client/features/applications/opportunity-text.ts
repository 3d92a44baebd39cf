// Words for an opportunity's type and duration on the workflow screens. The opportunities feature keeps the
// same vocabulary for its own screens (features/opportunities/labels.ts); merge the two once both settle.
import type { Duration, OpportunityType } from "../../../shared/domain/enums";

export const OPPORTUNITY_TYPE_TEXT: Record<OpportunityType, string> = {
  teaching: "Teaching",
  donation: "Donation",
  mentoring: "Mentoring",
  community_service: "Community Service",
};

const DURATION_TEXT: Record<Duration, string> = {
  instant: "Instant",
  "1-3days": "1–3 days",
  "1week": "1 week",
  "2-4weeks": "2–4 weeks",
  custom: "Custom",
};

export function durationText(duration: Duration, customDuration?: string | null): string {
  return duration === "custom" && customDuration?.trim() ? customDuration.trim() : DURATION_TEXT[duration];
}
