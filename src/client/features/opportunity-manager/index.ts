// The opportunity manager's public face: one opportunity's card on the manager screen. It acts through
// features/opportunities/api.ts.
export { hoursProgressOf } from "./hours-progress";
export { ManagerCard } from "./manager-card";
