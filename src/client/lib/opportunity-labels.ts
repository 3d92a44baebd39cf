// Human words for the opportunity vocabularies of src/shared/domain/enums.ts.
import type { Duration, OpportunityStatus, OpportunityType, Visibility } from "@shared/domain/enums";

export const TYPE_LABELS: Record<OpportunityType, string> = {
  teaching: "Teaching",
  donation: "Donation",
  mentoring: "Mentoring",
  community_service: "Community Service",
};

export const DURATION_LABELS: Record<Duration, string> = {
  instant: "Instant (one session)",
  "1-3days": "1–3 days",
  "1week": "1 week",
  "2-4weeks": "2–4 weeks",
  custom: "Custom",
};

export const STATUS_LABELS: Record<OpportunityStatus, string> = {
  open: "Open",
  closed: "Closed",
  filled: "Filled",
};

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: "Public (listed for students)",
  private: "Private (link only)",
};

// Where space is tight (the student dashboard's cards, the applications page's summary), "Instant" alone.
const SHORT_DURATION_LABELS: Record<Duration, string> = { ...DURATION_LABELS, instant: "Instant" };

/**
 * The duration as students read it: the admin's own words when the duration is custom. `short` drops
 * "(one session)" from Instant.
 */
export function durationText(
  duration: Duration,
  customDuration: string | null | undefined,
  length: "full" | "short" = "full",
): string {
  if (duration === "custom" && customDuration?.trim()) return customDuration.trim();
  return (length === "short" ? SHORT_DURATION_LABELS : DURATION_LABELS)[duration];
}

export function creatorName(creator: { firstName: string; lastName: string }): string {
  return `${creator.firstName} ${creator.lastName}`.trim();
}

/** "1 coin", "12 coins": a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
