// The server's calendar days ('YYYY-MM-DD', school time) as readers see them. They are read as UTC dates and
// formatted in UTC, so the viewer's own time zone can never shift a day.
import { usMonthDay, usMonthDayYear, wallClockAt } from "@shared/domain/written-out";

function parseDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date));
}

/** '2026-11-02' → 'Nov 2', for chart axes. */
export function shortDayLabel(day: string): string {
  return usMonthDay(wallClockAt(parseDay(day), 0));
}

/** '2026-11-02' → 'Nov 02, 2026', the spec's date format (docs/product-spec.md §9). */
export function dayLabel(day: string): string {
  return usMonthDayYear(wallClockAt(parseDay(day), 0));
}
