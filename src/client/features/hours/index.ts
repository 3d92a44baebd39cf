// The hours feature's public face: what screens and other features may use. Its hooks are in api.ts.
export { ApproveHoursDialog } from "./approve-hours-dialog";
export { HourHistory } from "./hour-history";
export { HoursDetails, VerificationLine, verificationText } from "./hours-details";
export { HoursReviewButtons } from "./hours-review-buttons";
export { parseCoins } from "./parse-coins";
export { RejectHoursDialog } from "./reject-hours-dialog";
export { ResendVerificationButton } from "./resend-verification-button";
export { SubmitHoursButton } from "./submit-hours-button";
