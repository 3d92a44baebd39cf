import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderWithProviders } from "@client/testing/render-with-providers";
import type { StudentApplication } from "@shared/contract/applications";
import type { Verification } from "@shared/contract/hours-record";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ImpactJourney } from "./impact-journey";

function underReview(verification: Partial<Verification>): StudentApplication {
  const {
    _count: _,
    viewerApplication: _viewer,
    shareToken: _share,
    supervisorEmail: _email,
    placesLeft: _places,
    viewerWaitlist: _waitlist,
    waitlistCount: _count,
    ...opportunity
  } = sampleOpportunity({ verification: "supervisor", supervisorName: "Priya Menon" });
  return {
    id: 41,
    userId: 2,
    opportunityId: opportunity.id,
    status: "hours_submitted",
    appliedAt: "2026-11-01T06:00:00.000Z",
    completedAt: null,
    notes: null,
    coinsAwarded: 0,
    hoursCompleted: 0,
    submittedHours: 6,
    hourSubmissionDate: "2026-11-15T06:00:00.000Z",
    adminFeedback: null,
    opportunity,
    hoursUnderReview: {
      id: 9,
      hours: 6,
      servedFrom: "2026-11-14",
      servedTo: "2026-11-14",
      description: "Taught fractions to class 6.",
      reflection: "Patience pays.",
      submittedAt: "2026-11-15T06:00:00.000Z",
      verification: {
        status: "pending",
        supervisorName: "Priya Menon",
        sentAt: "2026-11-15T06:00:00.000Z",
        verifiedAt: null,
        disputeReason: null,
        ...verification,
      },
    },
  };
}

describe("ImpactJourney", () => {
  it("shows the student their hours under review and offers a resend while the supervisor has not answered", () => {
    renderWithProviders(<ImpactJourney applications={[underReview({})]} />);
    expect(screen.getByText("14 Nov 2026")).toBeInTheDocument();
    expect(screen.getByText("Patience pays.")).toBeInTheDocument();
    expect(screen.getByText("Awaiting confirmation from Priya Menon")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend to Supervisor (Priya Menon)" })).toBeInTheDocument();
  });

  it("offers no resend once the supervisor has answered", () => {
    renderWithProviders(
      <ImpactJourney
        applications={[underReview({ status: "disputed", disputeReason: "Only 2 hours on site" })]}
      />,
    );
    expect(screen.getByText("Disputed: Only 2 hours on site")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Resend to Supervisor/ })).not.toBeInTheDocument();
  });
});
