import type { Analytics } from "@shared/contract/analytics";
import { describe, expect, it } from "vitest";
import { analyticsCsv, analyticsCsvFileName, csvField } from "./analytics-csv";

const analytics: Analytics = {
  dateRange: 7,
  totalOpportunities: 12,
  totalApplications: 30,
  averageApplyRate: 2.5,
  completionRate: 83.3,
  applicationsOverTime: [
    { date: "2026-11-20", count: 4 },
    { date: "2026-11-21", count: 0 },
    { date: "2026-11-22", count: 26 },
  ],
  applicationsByType: [
    { type: "teaching", count: 20 },
    { type: "donation", count: 0 },
    { type: "mentoring", count: 6 },
    { type: "community_service", count: 4 },
  ],
  previousPeriod: { totalOpportunities: 10, totalApplications: 0, averageApplyRate: 0, completionRate: 90 },
};

function lines(csv: string): string[] {
  return csv.replace(/^\uFEFF/, "").split("\r\n");
}

describe("csvField", () => {
  it("quotes every value and doubles inner quotes", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField('She said "yes", twice')).toBe('"She said ""yes"", twice"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(csvField("=1+1")).toBe(`"'=1+1"`);
    expect(csvField("+91 98450")).toBe(`"'+91 98450"`);
    expect(csvField("-2+3")).toBe(`"'-2+3"`);
    expect(csvField("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvField("\t=1")).toBe(`"'\t=1"`);
    expect(csvField("a=b")).toBe('"a=b"');
  });

  it("writes numbers as numbers, negative ones included", () => {
    expect(csvField(42)).toBe('"42"');
    expect(csvField(-16.7)).toBe('"-16.7"');
  });
});

describe("analyticsCsv", () => {
  const csv = analyticsCsv(analytics);

  it("starts with a byte order mark and the header, and ends every row with CRLF", () => {
    expect(csv.startsWith('\uFEFF"Section","Metric","Value","Previous Period","Change (%)"\r\n')).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(lines(csv).every((line) => line === "" || line.split('","').length === 5)).toBe(true);
  });

  it("lists the four figures with the previous period and the change", () => {
    expect(lines(csv).slice(1, 6)).toEqual([
      '"Report","Date Range (days)","7","",""',
      '"Key Figures","Total Opportunities","12","10","20"',
      '"Key Figures","Total Applications","30","0","New"',
      '"Key Figures","Average Apply Rate","2.5","0","New"',
      '"Key Figures","Completion Rate (%)","83.3","90","-7.4"',
    ]);
  });

  it("leaves the change empty when both periods are zero", () => {
    const quiet = analyticsCsv({
      ...analytics,
      totalApplications: 0,
      previousPeriod: { ...analytics.previousPeriod, totalApplications: 0 },
    });
    expect(lines(quiet)[3]).toBe('"Key Figures","Total Applications","0","0",""');
  });

  it("has one row per day of the range and one per type", () => {
    expect(lines(csv).slice(6)).toEqual([
      '"Applications Over Time","2026-11-20","4","",""',
      '"Applications Over Time","2026-11-21","0","",""',
      '"Applications Over Time","2026-11-22","26","",""',
      '"Applications by Type","Teaching","20","",""',
      '"Applications by Type","Mentoring","6","",""',
      '"Applications by Type","Community Service","4","",""',
      '"Applications by Type","Donation","0","",""',
      "",
    ]);
  });
});

describe("analyticsCsvFileName", () => {
  it("names the range and the day", () => {
    expect(analyticsCsvFileName(30, new Date(2026, 10, 22, 15))).toBe(
      "seva-analytics-30-days-2026-11-22.csv",
    );
  });
});
