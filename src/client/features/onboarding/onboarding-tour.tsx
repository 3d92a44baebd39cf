// The tour's dialog as the home and the dashboard show it: its code (Radix's dialog) is fetched only once the tour
// is to open, which most visits never do, so those screens paint without the dialog library (ADR 0046). Once
// opened it stays mounted, so that closing it runs the dialog's own close and focus return.
import { lazy, Suspense, useState } from "react";
import type { OnboardingDialogProps } from "./onboarding-dialog";

const OnboardingDialog = lazy(() =>
  import("./onboarding-dialog").then((module) => ({ default: module.OnboardingDialog })),
);

export function OnboardingTour(props: OnboardingDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog {...props} />
    </Suspense>
  );
}
