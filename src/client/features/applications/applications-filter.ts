// Search and status filter of the applications table (docs/product-spec.md §2).
import type { OpportunityApplication } from "@shared/contract/applications";
import type { ApplicationStatus } from "@shared/domain/enums";
import { applicantName } from "./applicant-name";

export const STATUS_FILTERS = [
  "all",
  "pending",
  "accepted",
  "hours_submitted",
  "completed",
  "rejected",
  "withdrawn",
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "All",
  pending: "Pending",
  accepted: "Accepted",
  hours_submitted: "Hours Submitted",
  completed: "Completed",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

// Each filter matches one of the manager's counts (pending, accepted, hours submitted, completed, rejected), so a
// count's link opens exactly the applications it counted; Completed is what admin lists call completed.
const FILTER_STATUSES: Record<Exclude<StatusFilter, "all">, readonly ApplicationStatus[]> = {
  pending: ["pending"],
  accepted: ["accepted"],
  hours_submitted: ["hours_submitted"],
  completed: ["hours_approved", "completed"],
  rejected: ["rejected"],
  withdrawn: ["withdrawn"],
};

export function filterApplications<T extends Pick<OpportunityApplication, "status" | "user">>(
  applications: readonly T[],
  { search, status }: { search: string; status: StatusFilter },
): T[] {
  const needle = search.trim().toLowerCase();
  return applications.filter(
    (application) =>
      // Withdrawn applications stand apart (ADR 0037): only their own filter shows them.
      (status === "all"
        ? application.status !== "withdrawn"
        : FILTER_STATUSES[status].includes(application.status)) &&
      (needle === "" ||
        applicantName(application.user).toLowerCase().includes(needle) ||
        application.user.email.toLowerCase().includes(needle)),
  );
}

/** The filter named by the page's `?status=` (the manager's counts link to it); All for anything else. */
export function statusFilterOf(value: string | null): StatusFilter {
  return STATUS_FILTERS.find((filter) => filter === value) ?? "all";
}
