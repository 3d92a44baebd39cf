// The closed vocabularies of the product (docs/product-spec.md §3). The database check constraints, the API
// schemas and the client's selects are all derived from these lists, so a value exists in one place only.

export const ROLES = ["student", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PROGRAMS = ["PGP", "PGPBA", "Executive", "PhD", "Faculty", "Staff"] as const;
export type Program = (typeof PROGRAMS)[number];

export const OPPORTUNITY_TYPES = ["teaching", "donation", "mentoring", "community_service"] as const;
export type OpportunityType = (typeof OPPORTUNITY_TYPES)[number];

export const DURATIONS = ["instant", "1-3days", "1week", "2-4weeks", "custom"] as const;
export type Duration = (typeof DURATIONS)[number];

export const OPPORTUNITY_STATUSES = ["open", "closed", "filled"] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

export const VISIBILITIES = ["public", "private"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const SKILLS = [
  "Maths",
  "English",
  "Computers",
  "Arts",
  "Science",
  "Languages",
  "Music",
  "Sports",
  "Communication",
  "Leadership",
  "Writing",
  "Research",
] as const;
export type Skill = (typeof SKILLS)[number];

export const APPLICATION_STATUSES = [
  "pending",
  "accepted",
  "hours_submitted",
  "hours_approved",
  "completed",
  "rejected",
  // The student withdrew (docs/product-rules.md §12): final, frees the place, and the student may apply again.
  "withdrawn",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const HOUR_SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type HourSubmissionStatus = (typeof HOUR_SUBMISSION_STATUSES)[number];

export const BADGE_TYPES = ["gold", "silver", "bronze", "default"] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

/** Human labels for the program select. */
export const PROGRAM_LABELS: Record<Program, string> = {
  PGP: "PGP (Post Graduate Programme)",
  PGPBA: "PGPBA (Business Analytics)",
  Executive: "Executive Education",
  PhD: "PhD",
  Faculty: "Faculty",
  Staff: "Staff",
};

/** A place on an opportunity's waiting list (docs/product-rules.md §12). */
export const WAITLIST_STATUSES = [
  /** In line. */
  "waiting",
  /** Offered a freed place, to take within 48 hours. */
  "offered",
  /** Took the offer: an application was made. */
  "taken",
  /** Let the offer lapse; the place passed to the next in line. */
  "expired",
  /** Left the list, or declined the offer. */
  "left",
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Who vouches for an opportunity's hours before an admin decides (docs/product-rules.md §10). */
export const VERIFICATION_MODES = ["none", "supervisor"] as const;
export type VerificationMode = (typeof VERIFICATION_MODES)[number];

/** Where a submission's supervisor verification stands; `not_required` when its opportunity asks none. */
export const VERIFICATION_STATUSES = ["not_required", "pending", "confirmed", "disputed"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The steps of an application's life, each an append-only event of its timeline (docs/product-rules.md §10). */
export const APPLICATION_EVENT_KINDS = [
  "applied",
  "accepted",
  "rejected",
  "reconsidered",
  "withdrawn",
  "hours_submitted",
  "verification_requested",
  "verified",
  "disputed",
  "hours_approved",
  "hours_rejected",
  "completed",
] as const;
export type ApplicationEventKind = (typeof APPLICATION_EVENT_KINDS)[number];

/** Who took a step: the student, an admin, the on-site supervisor (no account) or Seva itself. */
export const EVENT_ACTORS = ["student", "admin", "supervisor", "system"] as const;
export type EventActor = (typeof EVENT_ACTORS)[number];
