import type { Verification } from "@shared/contract/hours-record";
import { formatServedDates } from "@shared/domain/served-dates";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HoursDetails } from "./hours-details";

const served = {
  hours: 6,
  servedFrom: "2026-11-12",
  servedTo: "2026-11-14",
  description: "Taught fractions to class 6 at the Ejipura school.",
  reflection: null,
};

function verification(overrides: Partial<Verification>): Verification {
  return {
    status: "not_required",
    supervisorName: "Asha Rao",
    sentAt: null,
    verifiedAt: null,
    disputeReason: null,
    ...overrides,
  };
}

describe("formatServedDates", () => {
  it("shows one day, a range in a month, across months and across years", () => {
    expect(formatServedDates("2026-11-12", "2026-11-12")).toBe("12 Nov 2026");
    expect(formatServedDates("2026-11-12", "2026-11-14")).toBe("12–14 Nov 2026");
    expect(formatServedDates("2026-11-30", "2026-12-02")).toBe("30 Nov–2 Dec 2026");
    expect(formatServedDates("2026-12-30", "2027-01-02")).toBe("30 Dec 2026–2 Jan 2027");
    expect(formatServedDates(null, null)).toBeNull();
  });
});

describe("HoursDetails", () => {
  it("shows the dates, hours and what was done, and nothing about a supervisor when none is asked", () => {
    const { container } = render(<HoursDetails served={served} verification={verification({})} />);
    expect(container).toHaveTextContent("Served12–14 Nov 2026");
    expect(container).toHaveTextContent("Hours6");
    expect(container).toHaveTextContent("Taught fractions to class 6");
    expect(container).not.toHaveTextContent("Reflection");
    expect(container).not.toHaveTextContent("Verified");
  });

  it("says who verified and when", () => {
    render(
      <HoursDetails
        served={{ ...served, reflection: "I learned patience." }}
        verification={verification({ status: "confirmed", verifiedAt: "2026-11-15T06:00:00.000Z" })}
      />,
    );
    expect(screen.getByText("Verified by Asha Rao on 15 Nov 2026")).toBeInTheDocument();
    expect(screen.getByText("I learned patience.")).toBeInTheDocument();
  });

  it("shows the dispute's reason, and who is still to answer", () => {
    const { rerender } = render(
      <HoursDetails
        served={served}
        verification={verification({ status: "disputed", disputeReason: "Only 2 hours on site" })}
      />,
    );
    expect(screen.getByText("Disputed: Only 2 hours on site")).toBeInTheDocument();
    rerender(<HoursDetails served={served} verification={verification({ status: "pending" })} />);
    expect(screen.getByText("Awaiting confirmation from Asha Rao")).toBeInTheDocument();
  });

  it("says when Seva approved on the supervisor's confirmation", () => {
    render(
      <HoursDetails
        served={served}
        verification={verification({ status: "confirmed", verifiedAt: "2026-11-15T06:00:00.000Z" })}
        autoApproved
      />,
    );
    expect(screen.getByText("Approved automatically on the supervisor's confirmation")).toBeInTheDocument();
  });
});
