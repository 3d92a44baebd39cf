import { useEffect } from "react";

/** The places focus may fall back to, nearest first: a named region, a list or table, the page's main area. */
const HANDS_FOCUS_BACK = "[role='dialog'], [role='alertdialog'], [role='menu']";
const FALLBACK = "section[aria-labelledby], section[aria-label], [role='region'], table, ul, ol, main";

/**
 * When the focused element leaves the page (an approved item leaves its queue, a removed administrator leaves the
 * list, the button that opened a dialog is gone when it closes), the browser drops focus to the page's start, and
 * a keyboard or screen-reader user must find their place again (WCAG 2.4.3). This puts focus on the nearest place
 * that is still there instead, without scrolling.
 */
export function useKeepFocusInPlace(): void {
  useEffect(() => {
    let lastFocused: Element | null = null;
    let ancestors: Element[] = [];
    const remember = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      // A dialog or menu gives focus back to what opened it as it closes, so what is remembered stays the element
      // focused before it opened: when that opener is gone by then (Submit Hours gives way to 'Hours Under
      // Review'), focus falls back to the opener's nearest place instead of the page's start.
      if (event.target.closest(HANDS_FOCUS_BACK)) return;
      lastFocused = event.target;
      ancestors = [];
      for (let parent = event.target.parentElement; parent; parent = parent.parentElement) {
        if (parent.matches(FALLBACK)) ancestors.push(parent);
      }
    };
    const recover = () => {
      if (!lastFocused || lastFocused.isConnected) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const place = ancestors.find((element) => element.isConnected) ?? document.getElementById("main");
      lastFocused = null;
      if (!(place instanceof HTMLElement)) return;
      if (!place.hasAttribute("tabindex")) place.setAttribute("tabindex", "-1");
      place.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(recover);
    document.addEventListener("focusin", remember);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener("focusin", remember);
      observer.disconnect();
    };
  }, []);
}
