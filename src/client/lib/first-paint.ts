import { useDeferredValue, useLayoutEffect, useState } from "react";

// Whether the app has committed its first screen: every screen mounted after that is a navigation.
let firstScreenCommitted = false;

/** Called by the app's root layout: once it has committed, the screens that follow are navigations. */
export function useMarkFirstScreenCommitted(): void {
  useLayoutEffect(() => {
    firstScreenCommitted = true;
  }, []);
}

/**
 * Whether a screen may draw its data yet. On the screen that opens the app, false in its first commit and true in
 * a background render right after it, so a phone paints the screen's frame (its title, its skeletons) before the
 * work of drawing the data, even when the data is already there (requests started before the first render, ADR
 * 0046, third addendum). On a navigation, true at once: the previous screen stays until the next one is drawn
 * whole, and cached data does not flash a skeleton.
 */
export function useDrawnAfterFirstPaint(): boolean {
  const [opensTheApp] = useState(() => !firstScreenCommitted);
  return useDeferredValue(true, opensTheApp ? false : undefined);
}
