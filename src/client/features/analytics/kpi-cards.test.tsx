import type { Analytics } from "@shared/contract/analytics";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { KpiCards } from "./kpi-cards";

const analytics: Analytics = {
  dateRange: 30,
  totalOpportunities: 0,
  totalApplications: 12,
  averageApplyRate: 0,
  completionRate: 50,
  applicationsOverTime: [],
  applicationsByType: [],
  previousPeriod: { totalOpportunities: 0, totalApplications: 8, averageApplyRate: 0, completionRate: 50 },
};

describe("KpiCards", () => {
  it("shows no flat-trend sign beside a dash when a figure is missing in both periods", () => {
    const { container } = render(<KpiCards analytics={analytics} />);
    expect(container.textContent).not.toContain("—");
    expect(screen.getAllByText("Nothing in either period")).toHaveLength(2);
    // The unchanged completion rate keeps its flat sign and its figure.
    expect(container.querySelectorAll("svg.lucide-minus")).toHaveLength(1);
    expect(container.textContent).toContain("0%");
    expect(container.textContent).toContain("+50%");
  });
});
