import { useEffect } from "react";

/** The body's class while a bar is fixed to the bottom of a phone's screen (styles.css gives it the room). */
export const ACTION_BAR_ROOM_CLASS = "with-action-bar";

/** How many bars are mounted: for a moment while one page replaces another, two may be. */
let barsMounted = 0;

/**
 * While the component is mounted, the page ends with room for its bar below lg, so the bar never covers the last
 * of the page or the footer. A class on the body rather than `body:has([data-action-bar])` in the style sheet:
 * with that selector Chromium checked every subtree React inserted or removed, on every page, for the attribute,
 * and the admin dashboard's first render took about a third longer for it (docs/performance.md, 28th pass).
 */
export function useRoomForActionBar(): void {
  useEffect(() => {
    barsMounted += 1;
    document.body.classList.add(ACTION_BAR_ROOM_CLASS);
    return () => {
      barsMounted -= 1;
      if (barsMounted === 0) document.body.classList.remove(ACTION_BAR_ROOM_CLASS);
    };
  }, []);
}
