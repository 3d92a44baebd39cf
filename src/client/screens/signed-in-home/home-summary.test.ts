import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import type { StudentApplication } from "@shared/contract/applications";
import type { ApplicationStatus, OpportunityStatus } from "@shared/domain/enums";
import { describe, expect, it } from "vitest";
import { activeCount, completedCount, impactProgressOf, motivationFor } from "./home-summary";

function application(
  id: number,
  status: ApplicationStatus,
  opportunityStatus: OpportunityStatus = "open",
): StudentApplication {
  const { _count, viewerApplication, ...opportunity } = sampleOpportunity({ id, status: opportunityStatus });
  return {
    id,
    userId: 2,
    opportunityId: id,
    status,
    appliedAt: `2026-11-0${id}T10:00:00.000Z`,
    completedAt: null,
    notes: null,
    coinsAwarded: 0,
    hoursCompleted: 0,
    submittedHours: 0,
    hoursUnderReview: null,
    hourSubmissionDate: null,
    adminFeedback: null,
    opportunity,
  };
}

describe("the student home's summary", () => {
  it("picks the motivational line by completed projects", () => {
    expect(motivationFor(0)).toMatch(/journey/);
    expect(motivationFor(2)).toMatch(/Great progress/);
    expect(motivationFor(3)).toMatch(/change-maker/);
    expect(motivationFor(9)).toMatch(/change-maker/);
    expect(motivationFor(10)).toMatch(/champion/);
  });

  it("counts only completed work as done, and approved hours with the work under way (ADR 0024)", () => {
    const mine = [
      application(1, "pending"),
      application(2, "accepted"),
      application(3, "hours_submitted"),
      application(4, "hours_approved"),
      application(5, "completed"),
      application(6, "rejected"),
    ];
    expect(completedCount(mine)).toBe(1);
    expect(activeCount(mine)).toBe(4);
  });

  it("follows the three newest applications on open opportunities", () => {
    const mine = [
      application(1, "pending"),
      application(2, "accepted", "closed"),
      application(3, "accepted"),
      application(4, "pending"),
      application(5, "completed"),
    ];
    expect(impactProgressOf(mine).map((a) => a.id)).toEqual([5, 4, 3]);
  });
});
