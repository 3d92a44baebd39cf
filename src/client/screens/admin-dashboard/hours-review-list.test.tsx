import { renderWithProviders } from "@client/testing/render-with-providers";
import type { AdminApplication } from "@shared/contract/applications";
import type { Verification } from "@shared/contract/hours-record";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HoursReviewList } from "./hours-review-list";

function underReview(verification: Partial<Verification>): AdminApplication {
  return {
    id: 5,
    userId: 105,
    opportunityId: 1,
    status: "hours_submitted",
    appliedAt: "2026-11-01T06:00:00.000Z",
    completedAt: null,
    notes: null,
    coinsAwarded: 0,
    hoursCompleted: 0,
    submittedHours: 6,
    hourSubmissionDate: "2026-11-15T06:00:00.000Z",
    adminFeedback: null,
    hoursUnderReview: {
      id: 9,
      hours: 6,
      servedFrom: "2026-11-12",
      servedTo: "2026-11-14",
      description: "Taught fractions to class 6.",
      reflection: null,
      submittedAt: "2026-11-15T06:00:00.000Z",
      verification: {
        status: "confirmed",
        supervisorName: "Priya Menon",
        sentAt: "2026-11-15T06:00:00.000Z",
        verifiedAt: "2026-11-16T06:00:00.000Z",
        disputeReason: null,
        ...verification,
      },
    },
    user: { firstName: "Asha", lastName: "Rao", email: "asha.rao@iimb.ac.in" },
    opportunity: {
      id: 1,
      title: "Teach Maths",
      type: "teaching",
      status: "open",
      coinsPerHour: 10,
      maxCoins: 100,
      totalRequiredHours: null,
    },
    totalRequiredHours: null,
  };
}

describe("HoursReviewList", () => {
  it("shows what was done and who verified it beside the buttons", () => {
    renderWithProviders(<HoursReviewList applications={[underReview({})]} />);
    expect(screen.getByText("12–14 Nov 2026")).toBeInTheDocument();
    expect(screen.getByText("Taught fractions to class 6.")).toBeInTheDocument();
    expect(screen.getByText("Verified by Priya Menon on 16 Nov 2026")).toBeInTheDocument();
  });

  it("approves disputed hours only through the dialog that asks for a note", async () => {
    renderWithProviders(
      <HoursReviewList
        applications={[underReview({ status: "disputed", disputeReason: "She left at noon" })]}
      />,
    );
    expect(screen.getByText("Disputed: She left at noon")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Approve 6 hours from Asha Rao" }));
    expect(await screen.findByRole("dialog", { name: "Approve Hours" })).toBeInTheDocument();
    expect(screen.getByLabelText("Note (required for disputed hours)")).toBeRequired();
  });
});
