// The four headline figures of the analytics screen, shared by its cards and its CSV export.
import type { PeriodFigures } from "@shared/contract/analytics";

export interface Kpi {
  key: keyof PeriodFigures;
  label: string;
  /** What the figure counts, for the card and for screen readers. */
  description: string;
  /** Appended to the value when shown. */
  unit: "" | "%";
}

export const KPIS: readonly Kpi[] = [
  {
    key: "totalOpportunities",
    label: "Total Opportunities",
    description: "Published by the end of the period",
    unit: "",
  },
  { key: "totalApplications", label: "Total Applications", description: "Made in the period", unit: "" },
  {
    key: "averageApplyRate",
    label: "Average Apply Rate",
    description: "Applications per opportunity",
    unit: "",
  },
  {
    key: "completionRate",
    label: "Completion Rate",
    description: "Applications with hours approved or completed",
    unit: "%",
  },
];
