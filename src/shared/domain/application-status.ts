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

/** "Completed" on dashboards and leaderboards (docs/product-spec.md §4). */
export function isCompletedStatus(status: ApplicationStatus): boolean {
  return status === "hours_approved" || status === "completed";
}

export function transitionRefusal(from: ApplicationStatus, to: ApplicationStatus): string {
  return `Cannot change an application from ${from} to ${to}`;
}

/** The labels a student sees (docs/product-spec.md §4). */
export const STUDENT_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Under Review",
  accepted: "Ready to Start",
  hours_submitted: "Hours Under Review",
  hours_approved: "Can Continue",
  completed: "Completed",
  rejected: "Rejected",
};

/** The labels admin lists show: approved hours and completed work both read 'Completed'. */
export const ADMIN_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  hours_submitted: "Hours Submitted",
  hours_approved: "Completed",
  completed: "Completed",
  rejected: "Rejected",
};
