// The days a student served, as every review place, the certificate page and its PDF show them: '12 Nov 2026', '12–14 Nov 2026',
// '30 Nov–2 Dec 2026' or '30 Dec 2026–2 Jan 2027'. The days are calendar days (YYYY-MM-DD), read in UTC so no
// viewer's time zone moves them.
import { SCHOOL_TIME_ZONE } from "./event-dates";

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", timeZone: "UTC" });
const dayMonthFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const fullFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

const schoolDayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: SCHOOL_TIME_ZONE,
});

function dayOf(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** The range of days served, or null when the submission predates the dates (older submissions have none). */
export function formatServedDates(from: string | null, to: string | null): string | null {
  if (from === null) return null;
  const start = dayOf(from);
  const end = dayOf(to ?? from);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  if (from === (to ?? from)) return fullFormat.format(start);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  const sameMonth = sameYear && start.getUTCMonth() === end.getUTCMonth();
  const first = sameMonth
    ? dayFormat.format(start)
    : sameYear
      ? dayMonthFormat.format(start)
      : fullFormat.format(start);
  return `${first}–${fullFormat.format(end)}`;
}

/**
 * A moment as the day it fell on at the school, e.g. '14 Nov 2026' (a supervisor's answer, a certificate's issue):
 * the same words on every screen, in the PDF and whatever the viewer's time zone.
 */
export function formatSchoolDay(moment: string | Date): string {
  return schoolDayFormat.format(typeof moment === "string" ? new Date(moment) : moment);
}
