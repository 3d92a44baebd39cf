// What the student home derives from the student's applications (docs/product-spec.md §2 "Student home", §9
// display counts).
import type { StudentApplication } from "@shared/contract/applications";
import { countsAs } from "@shared/domain/application-status";
import type { ApplicationStatus } from "@shared/domain/enums";

export const TRENDING_COUNT = 6;
export const HOT_COUNT = 3;
export const IMPACT_PROGRESS_COUNT = 3;

/** Completed (final) work, counted as on every student screen (ADR 0024). */
export function completedCount(applications: readonly StudentApplication[]): number {
  return applications.filter((application) => countsAs(application.status) === "completed").length;
}

/** Work under way, approved hours included: the student can go on (ADR 0024). */
export function activeCount(applications: readonly StudentApplication[]): number {
  return applications.filter((application) => countsAs(application.status) === "active").length;
}

export function motivationFor(completed: number): string {
  if (completed === 0)
    return "Your journey of impact starts today. Pick an opportunity and make a difference!";
  if (completed < 3) return "Great progress! Every project you finish changes someone's day.";
  if (completed < 10) return "You're a true change-maker. Your community feels the difference.";
  return "You're an impact champion. Thank you for leading the way!";
}

/** The newest applications on opportunities that are still open, for 'Your Impact Progress'. */
export function impactProgressOf(applications: readonly StudentApplication[]): StudentApplication[] {
  return applications
    .filter((application) => application.opportunity.status === "open")
    .toSorted((a, b) => b.appliedAt.localeCompare(a.appliedAt))
    .slice(0, IMPACT_PROGRESS_COUNT);
}

export const JOURNEY_STEPS = 4;

/** How far along the apply → accepted → hours → completed journey an application is (0 when it ended early). */
export function journeyStepOf(status: ApplicationStatus): number {
  switch (status) {
    case "pending":
      return 1;
    case "accepted":
      return 2;
    case "hours_submitted":
    case "hours_approved":
      return 3;
    case "completed":
      return 4;
    case "rejected":
    case "withdrawn":
      return 0;
  }
}
