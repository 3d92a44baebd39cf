// The onboarding feature's public face: the three-step tour a student sees on first arrival, and whether they
// closed it (ADR 0025).
export { OnboardingTour } from "./onboarding-tour";
export { useOnboardingDismissal } from "./use-onboarding";
