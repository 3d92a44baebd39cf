// "3 minutes ago", "yesterday": when a notification came, in words (Intl.RelativeTimeFormat's, written out:
// the popover is on every signed-in page, and a page's first Intl formatter holds up its first paint, ADR 0082).
import { type RelativeUnit, relativeWords } from "@shared/domain/written-out";

const UNITS: [RelativeUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function relativeTime(value: string | Date, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeWords(Math.trunc(seconds / size), unit);
  }
  return "just now";
}
