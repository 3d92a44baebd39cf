// The opportunity manager's public face: one page of opportunities on the manager screen, as a table on wide
// screens and compact cards on phones. It acts through features/opportunities/api.ts.
export { hoursProgressOf } from "./hours-progress";
export { ManagerList } from "./manager-list";
