// Debian's Chromium as the browser tests and `npm run lighthouse` launch it: headless in a container, quiet,
// without the background traffic that would add noise to what is measured.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
] as const;
