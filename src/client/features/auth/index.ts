// The auth feature's public face: what screens and other features may use. Its hooks (the signed-in user,
// sign-in, sign-out and the account's changes) are in api.ts.
export { AccountDetailsForm } from "./account-details-form";
export { ChangePasswordForm } from "./change-password-form";
export { DeleteAccountDialog } from "./delete-account-dialog";
export { ForgotPasswordForm, type ResetLinkRequest } from "./forgot-password-form";
export { InstitutionSignInLink, OrDivider } from "./institution-sign-in";
export { LeaderboardPrivacySwitch } from "./leaderboard-privacy-switch";
export { LoginForm, type LoginLocationState } from "./login-form";
export { MyDataDownload } from "./my-data-download";
export { ProgramPrompt } from "./program-prompt";
export { RegisterForm, type Registration } from "./register-form";
export { RegistrationComplete } from "./registration-complete";
export { ResetPasswordForm } from "./reset-password-form";
export { TemporaryPasswordPrompt } from "./temporary-password-prompt";
