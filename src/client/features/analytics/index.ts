// The analytics feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { analyticsCsv, analyticsCsvFileName } from "./analytics-csv";
export { ApplicationsByType } from "./applications-by-type";
export { ApplicationsOverTime, preloadChart } from "./applications-over-time";
export { EngagementInsights, PerformanceNotes } from "./insight-panels";
export { summaryText } from "./insights";
export { KpiCards } from "./kpi-cards";
