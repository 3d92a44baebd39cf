// Dates and times as docs/product-spec.md §9 shows them: 'MMM dd, yyyy' (Nov 22, 2026) and 'HH:mm' (09:05),
// in the viewer's time zone. Written out without Intl, whose first formatter holds up a page's first paint (ADR 0082).
import { clock24, localWallClock, usMonthDayYear } from "@shared/domain/written-out";

function toDate(value: string | Date): Date {
  return typeof value === "string" ? new Date(value) : value;
}

export function formatDate(value: string | Date): string {
  return usMonthDayYear(localWallClock(toDate(value)));
}

export function formatTime(value: string | Date): string {
  return clock24(localWallClock(toDate(value)));
}

/** 'yyyy-mm-dd' of the viewer's local calendar, for file names. */
export function isoDay(value: string | Date): string {
  const date = toDate(value);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}
