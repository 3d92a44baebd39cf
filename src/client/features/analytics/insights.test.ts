import type { Analytics } from "@shared/contract/analytics";
import { describe, expect, it } from "vitest";
import { engagementInsights, performanceNotes, summaryText } from "./insights";

const analytics: Analytics = {
  dateRange: 7,
  totalOpportunities: 4,
  totalApplications: 10,
  averageApplyRate: 2.5,
  completionRate: 60,
  applicationsOverTime: [
    { date: "2026-11-20", count: 3 },
    { date: "2026-11-21", count: 0 },
    { date: "2026-11-22", count: 7 },
  ],
  applicationsByType: [
    { type: "teaching", count: 2 },
    { type: "donation", count: 0 },
    { type: "mentoring", count: 8 },
    { type: "community_service", count: 0 },
  ],
  previousPeriod: { totalOpportunities: 4, totalApplications: 8, averageApplyRate: 2, completionRate: 50 },
};

describe("performanceNotes", () => {
  it("celebrates a completion rate above 80", () => {
    const [note] = performanceNotes({ ...analytics, completionRate: 80.1 });
    expect(note).toEqual({ tone: "celebrate", text: expect.stringContaining("Outstanding follow-through!") });
  });

  it("does not celebrate 80 itself", () => {
    const [note] = performanceNotes({ ...analytics, completionRate: 80 });
    expect(note?.tone).toBe("positive");
    expect(note?.text).not.toContain("Outstanding");
  });

  it("asks for follow-up when few applications are completed", () => {
    expect(performanceNotes({ ...analytics, completionRate: 20 })[0]?.tone).toBe("attention");
  });

  it("compares applications with the previous period", () => {
    expect(performanceNotes(analytics)[1]?.text).toBe("Applications are up 25% on the previous 7 days.");
    expect(
      performanceNotes({
        ...analytics,
        previousPeriod: { ...analytics.previousPeriod, totalApplications: 20 },
      })[1]?.text,
    ).toBe("Applications are down 50% on the previous 7 days. Consider promoting open opportunities.");
  });
});

describe("engagementInsights", () => {
  it("names the most popular type and the busiest day", () => {
    const texts = engagementInsights(analytics).map((insight) => insight.text);
    expect(texts).toContain("Mentoring drew 80% of applications (8 of 10).");
    expect(texts).toContain("Nov 22, 2026, with 7 applications.");
    expect(texts).toContain("Students applied on 2 of 3 days, 3.3 applications a day on average.");
  });

  it("says so when nobody applied", () => {
    const insights = engagementInsights({ ...analytics, totalApplications: 0 });
    expect(insights).toHaveLength(1);
    expect(insights[0]?.title).toBe("Waiting for the first applications");
  });
});

describe("summaryText", () => {
  it("sums the period up in one sentence", () => {
    expect(summaryText(analytics)).toBe(
      "In the last 7 days (Nov 20, 2026 – Nov 22, 2026), students made 10 applications to 4 published opportunities, 2.5 per opportunity. 60% of them have approved hours or are completed.",
    );
  });
});
