// The waiting-list feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { AdminWaitlist } from "./admin-waitlist";
export { OwnWaitlist } from "./own-waitlist";
export { JoinWaitlist, OfferedPlace, WaitingInLine } from "./waitlist-action";
