// The onboarding feature's public face: the three-step tour a student sees on first arrival, and whether they
// closed it (ADR 0025).
export { OnboardingDialog } from "./onboarding-dialog";
export { useOnboardingDismissal } from "./use-onboarding";
