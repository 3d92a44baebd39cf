// The application state machine (docs/product-rules.md §3) and its labels (docs/product-spec.md §4). The
// server enforces it; the client imports the same predicates to decide which buttons to show.
import type { ApplicationStatus } from "./enums";

/** Statuses an admin may set from each status through "Update Application Status". */
export const ADMIN_STATUS_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  pending: ["accepted", "rejected"],
  rejected: ["accepted"],
  accepted: ["rejected", "completed"],
  hours_submitted: [],
  hours_approved: ["completed"],
  completed: [],
  withdrawn: [],
};

export function canAdminSetStatus(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return ADMIN_STATUS_TRANSITIONS[from].includes(to);
}

/** A student may submit hours when accepted or after an approval; one submission under review at a time. */
export function canSubmitHours(status: ApplicationStatus): boolean {
  return status === "accepted" || status === "hours_approved";
}

export function canReviewHours(status: ApplicationStatus): boolean {
  return status === "hours_submitted";
}

/** After rejected hours the application returns to where it was before the submission. */
export function statusAfterHoursRejected(hasApprovedHours: boolean): ApplicationStatus {
  return hasApprovedHours ? "hours_approved" : "accepted";
}

/**
 * 'Completed' in admin lists and their counts (docs/product-spec.md §4), and on the leaderboard: approved hours
 * and completed work. A student's own screens count by `countsAs` instead (ADR 0024).
 */
export function isCompletedStatus(status: ApplicationStatus): boolean {
  return status === "hours_approved" || status === "completed";
}

export function transitionRefusal(from: ApplicationStatus, to: ApplicationStatus): string {
  return `Cannot change an application from ${from} to ${to}`;
}

/** How an application counts on the student's screens (ADR 0024). */
export type StatusCount =
  /** Still under way: waiting on a decision, on the student's hours or on their review. */
  | "active"
  /** Final: completed by an admin, nothing more happens. */
  | "completed"
  /** Rejected or withdrawn: counts nowhere. */
  | "none";

export interface StatusStory {
  /** The badge a student sees (docs/product-spec.md §4). */
  student: string;
  /** The badge admin lists show (docs/product-spec.md §4: approved hours read 'Completed' there). */
  admin: string;
  /** What happens next, in the student's words. */
  next: string;
  counts: StatusCount;
}

/**
 * One vocabulary for every screen (ADR 0024). `hours_approved` is work under way that has earned coins: the
 * student may submit more hours and an admin may complete it. Only `completed` is final.
 */
export const APPLICATION_STATUS_STORY: Record<ApplicationStatus, StatusStory> = {
  pending: {
    student: "Under Review",
    admin: "Pending",
    next: "An admin will accept or reject your application.",
    counts: "active",
  },
  accepted: {
    student: "Ready to Start",
    admin: "Accepted",
    next: "Serve, then submit your hours to earn coins.",
    counts: "active",
  },
  hours_submitted: {
    student: "Hours Under Review",
    admin: "Hours Submitted",
    next: "An admin is reviewing your hours; coins follow approval.",
    counts: "active",
  },
  hours_approved: {
    student: "Can Continue",
    admin: "Completed",
    next: "Coins earned. Submit more hours, or an admin marks the work completed.",
    counts: "active",
  },
  completed: {
    student: "Completed",
    admin: "Completed",
    next: "Finished: the work is done and its coins are yours.",
    counts: "completed",
  },
  rejected: {
    student: "Rejected",
    admin: "Rejected",
    next: "This application will not go further.",
    counts: "none",
  },
  withdrawn: {
    student: "Withdrawn",
    admin: "Withdrawn",
    next: "You withdrew this application; you may apply again while the opportunity is open.",
    counts: "none",
  },
};

/**
 * A student may withdraw an application still pending, or accepted with no hours submitted (docs/product-rules.md
 * §12): once hours are in, the record of service stays.
 */
export function canWithdraw(status: ApplicationStatus, submittedHours: number): boolean {
  return status === "pending" || (status === "accepted" && submittedHours === 0);
}

export function countsAs(status: ApplicationStatus): StatusCount {
  return APPLICATION_STATUS_STORY[status].counts;
}

/** The student's tiles: completed (final) work, work under way, approved hours and coins earned. */
export function summariseApplications(
  applications: readonly { status: ApplicationStatus; hoursCompleted: number; coinsAwarded: number }[],
) {
  const summary = { completed: 0, active: 0, hours: 0, coins: 0 };
  for (const application of applications) {
    const counts = countsAs(application.status);
    if (counts === "completed") summary.completed += 1;
    if (counts === "active") summary.active += 1;
    summary.hours += application.hoursCompleted;
    summary.coins += application.coinsAwarded;
  }
  return summary;
}

function labelsFor(audience: "student" | "admin"): Record<ApplicationStatus, string> {
  const entries = Object.entries(APPLICATION_STATUS_STORY) as [ApplicationStatus, StatusStory][];
  return Object.fromEntries(entries.map(([status, story]) => [status, story[audience]])) as Record<
    ApplicationStatus,
    string
  >;
}

/** The labels a student sees (docs/product-spec.md §4). */
export const STUDENT_STATUS_LABELS = labelsFor("student");

/** The labels admin lists show: approved hours and completed work both read 'Completed'. */
export const ADMIN_STATUS_LABELS = labelsFor("admin");
