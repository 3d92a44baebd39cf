/**
 * Calls `callback` once the browser is idle (at most `timeout` ms later), or after 200 ms where there is no
 * requestIdleCallback (Safari, jsdom). Returns the cancel. For work a page can do without at its first paint:
 * code that only a later click needs (ADR 0029, ADR 0046).
 */
export function whenIdle(callback: () => void, timeout = 1500): () => void {
  if (typeof window.requestIdleCallback !== "function") {
    const timer = window.setTimeout(callback, 200);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(handle);
}
