import { whenIdle } from "@client/lib/when-idle";
import { startTransition, useEffect, useState } from "react";

/** Rows of a list drawn with the dashboard's first paint: about what a screen shows of each queue. */
export const FIRST_ROWS = 4;
/** Rows added each time the browser is idle after that. */
export const ROWS_PER_STEP = 4;

/**
 * How many of a list's `count` rows to draw: the first few at once, then a few more each time the browser is idle,
 * until all are drawn (ADR 0046). A phone draws the dashboard's first screen without first laying out forty rows
 * it cannot show, and no step is long enough to hold up a tap. Never shrinks: a later page is drawn whole. Each
 * step is a transition, so React draws it in slices of a few milliseconds, not in one task.
 */
export function useRowsInSteps(count: number): number {
  const [drawn, setDrawn] = useState(FIRST_ROWS);
  useEffect(() => {
    if (drawn >= count) return;
    return whenIdle(() => startTransition(() => setDrawn((current) => current + ROWS_PER_STEP)));
  }, [drawn, count]);
  return Math.min(drawn, count);
}
