// The apply feature's public face: what screens and other features may use. Its hook is in api.ts.
export { ApplyCard } from "./apply-card";
export { capacityText } from "./apply-state";
