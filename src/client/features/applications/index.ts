// The applications feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { applicantName } from "./applicant-name";
export { applicationsCsv, applicationsCsvFileName } from "./applications-csv";
export {
  filterApplications,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
  statusFilterOf,
} from "./applications-filter";
export { ApplicationsTable } from "./applications-table";
export { DecisionButtons } from "./decision-buttons";
