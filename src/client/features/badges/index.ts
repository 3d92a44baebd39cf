// The badges feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { BadgeCollection } from "./badge-collection";
export { NextBadgeProgress } from "./next-badge-progress";
