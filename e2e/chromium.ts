// Debian's Chromium as the browser tests and `npm run lighthouse` launch it: headless in a container, quiet,
// without the background traffic that would add noise to what is measured.

/**
 * The browser tests run in Chromium's headless shell (Debian's `chromium-headless-shell`, the build Playwright
 * itself uses for headless runs): the same Blink, V8 and accessibility tree, without the full browser's user
 * interface and compositor. It took a quarter less CPU than the full browser on the same journeys (ADR 0069).
 */
export const BROWSER_TEST_CHROMIUM_PATH = process.env.SEVA_E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";

/** Lighthouse measures the page as a phone's full browser paints it, so it keeps the full Chromium. */
export const LIGHTHOUSE_CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
] as const;
