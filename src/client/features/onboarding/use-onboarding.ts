import { useState } from "react";

const storageKey = (userId: number) => `seva.onboarding-dismissed.${userId}`;

function readDismissed(userId: number): boolean {
  try {
    return window.localStorage.getItem(storageKey(userId)) === "true";
  } catch {
    // Storage can be unavailable (private browsing, blocked cookies): then the welcome shows each visit.
    return false;
  }
}

/**
 * Whether this student closed the welcome dialog. Remembered on this device, so a student who has not applied
 * yet is welcomed once rather than on every visit.
 */
export function useOnboardingDismissal(userId: number): [isDismissed: boolean, dismiss: () => void] {
  const [isDismissed, setDismissed] = useState(() => readDismissed(userId));
  function dismiss() {
    setDismissed(true);
    try {
      window.localStorage.setItem(storageKey(userId), "true");
    } catch {
      // See readDismissed: closing still works for this visit.
    }
  }
  return [isDismissed, dismiss];
}
