// The days a student served, as every review place, the certificate page and its PDF show them: '12 Nov 2026', '12–14 Nov 2026',
// '30 Nov–2 Dec 2026' or '30 Dec 2026–2 Jan 2027'. The days are calendar days (YYYY-MM-DD), read in UTC so no
// viewer's time zone moves them.
import { schoolClockAt } from "./event-dates";
import { dayMonth, dayMonthYear, wallClockAt } from "./written-out";

const utcClock = (value: Date) => wallClockAt(value, 0);

function dayOf(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** The range of days served, or null when the submission predates the dates (older submissions have none). */
export function formatServedDates(from: string | null, to: string | null): string | null {
  if (from === null) return null;
  const start = dayOf(from);
  const end = dayOf(to ?? from);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  const startDay = utcClock(start);
  if (from === (to ?? from)) return dayMonthYear(startDay);
  const endDay = utcClock(end);
  const sameYear = startDay.year === endDay.year;
  const sameMonth = sameYear && startDay.month === endDay.month;
  const first = sameMonth ? String(startDay.day) : sameYear ? dayMonth(startDay) : dayMonthYear(startDay);
  return `${first}–${dayMonthYear(endDay)}`;
}

/**
 * A moment as the day it fell on at the school, e.g. '14 Nov 2026' (a supervisor's answer, a certificate's issue):
 * the same words on every screen, in the PDF and whatever the viewer's time zone.
 */
export function formatSchoolDay(moment: string | Date): string {
  return dayMonthYear(schoolClockAt(typeof moment === "string" ? new Date(moment) : moment));
}
