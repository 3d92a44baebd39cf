// The apply feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { ApplyCard } from "./apply-card";
export { capacityText } from "./apply-state";
export { WithdrawDialog } from "./withdraw-dialog";
