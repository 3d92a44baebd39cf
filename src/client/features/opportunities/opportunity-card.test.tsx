import { sampleOpportunity } from "@client/testing/opportunity-fixtures";
import { renderWithProviders } from "@client/testing/render-with-providers";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OpportunityCard } from "./opportunity-card";

describe("an opportunity's card", () => {
  it("shows a compact date in India time when the opportunity is dated", () => {
    renderWithProviders(
      <OpportunityCard
        opportunity={sampleOpportunity({ startsAt: "2026-12-05T04:00:00.000Z", endsAt: null })}
        tag="New"
        hasApplied={false}
      />,
    );
    const date = screen.getByText("5 Dec, 9:30 am");
    expect(date.tagName).toBe("TIME");
    expect(date).toHaveAttribute("dateTime", "2026-12-05T04:00:00.000Z");
  });

  it("shows no date otherwise", () => {
    const { container } = renderWithProviders(
      <OpportunityCard opportunity={sampleOpportunity()} tag="New" hasApplied={false} />,
    );
    expect(container.querySelector("time")).toBeNull();
  });
});
