// When an opportunity takes place (docs/product-rules.md §12, ADR 0036): shown, typed and exported in the
// school's time zone, whatever the viewer's device says. India keeps no daylight saving, so the zone's offset
// is a constant, and a form's wall-clock time converts without a time-zone database.
import {
  clock12,
  dayMonth,
  isoDate,
  type WallClock,
  wallClockAt,
  weekdayDayMonthClock,
  weekdayDayMonthYear,
} from "./written-out";

export const SCHOOL_TIME_ZONE = "Asia/Kolkata";
/** Asia/Kolkata's offset from UTC, all year round. */
export const SCHOOL_UTC_OFFSET = "+05:30";
const SCHOOL_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Without an end, an event lasts an hour (calendars need one). */
export const DEFAULT_EVENT_MS = 60 * 60 * 1000;

const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);

/** A moment's calendar and clock at the school, written out without Intl (written-out.ts, ADR 0082). */
export const schoolClockAt = (moment: Date): WallClock => wallClockAt(moment, SCHOOL_OFFSET_MS);

/** 'Sat 5 Dec 2026' */
const day = (value: Date) => weekdayDayMonthYear(schoolClockAt(value));

/** '9:30 am' */
const time = (value: Date) => clock12(schoolClockAt(value));

/** The calendar day in the school's zone, to tell whether two moments fall on the same day. */
const dayKey = (value: Date) => schoolDayOf(value);

/**
 * 'Sat 5 Dec 2026, 9:30 am – 12:30 pm', or across days 'Sat 5 Dec 2026, 9:30 am – Fri 11 Dec 2026, 5:00 pm';
 * just the start when there is no end.
 */
export function formatDateRange(startsAt: string | Date, endsAt: string | Date | null): string {
  const start = toDate(startsAt);
  const from = `${day(start)}, ${time(start)}`;
  if (endsAt === null) return from;
  const end = toDate(endsAt);
  if (end.getTime() === start.getTime()) return from;
  return dayKey(start) === dayKey(end) ? `${from} – ${time(end)}` : `${from} – ${day(end)}, ${time(end)}`;
}

/** '5 Dec, 9:30 am', for cards. */
export function formatCompactDate(startsAt: string | Date): string {
  const start = toDate(startsAt);
  return `${dayMonth(schoolClockAt(start))}, ${time(start)}`;
}

/** The value of an `<input type="datetime-local">` showing a moment in the school's zone: '2026-12-05T09:30'. */
export function inputValueOf(value: string | Date): string {
  return new Date(toDate(value).getTime() + SCHOOL_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * The moment a datetime-local value means in the school's zone, as ISO 8601 with its offset
 * ('2026-12-05T09:30' → '2026-12-05T09:30:00+05:30'); blank is null. Anything else goes to the server as typed,
 * and the server says what is wrong with it.
 */
export function momentFromInputValue(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(trimmed);
  return match ? `${match[1]}${match[2] ?? ":00"}${SCHOOL_UTC_OFFSET}` : trimmed;
}

/** The end a calendar is given: the opportunity's own, or an hour after the start. */
export function eventEnd(startsAt: string | Date, endsAt: string | Date | null): Date {
  return endsAt === null ? new Date(toDate(startsAt).getTime() + DEFAULT_EVENT_MS) : toDate(endsAt);
}

/** '20261205T040000Z', the UTC form Google Calendar's `dates` takes. */
export function utcStamp(value: Date): string {
  return value
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export interface CalendarEventText {
  title: string;
  startsAt: string;
  endsAt: string | null;
  details: string;
  location: string | null;
}

/** The 'Add to Google Calendar' link: Google's event template, filled in. */
export function googleCalendarUrl(event: CalendarEventText): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${utcStamp(new Date(event.startsAt))}/${utcStamp(eventEnd(event.startsAt, event.endsAt))}`,
    details: event.details,
    ctz: SCHOOL_TIME_ZONE,
  });
  if (event.location) params.set("location", event.location);
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** A file name from a title: 'Beach clean-up, Sat!' → 'beach-clean-up-sat'. */
export function slugOf(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug === "" ? "opportunity" : slug;
}

/**
 * The day (YYYY-MM-DD) it is at the school at this moment: hours served are dated in school days. Every ranking
 * and analytics read and several writes ask it, so it is arithmetic, not a formatter (80 µs to make one).
 */
export function schoolDayOf(moment: Date = new Date()): string {
  return isoDate(schoolClockAt(moment));
}

/**
 * A moment as people at the school read it, e.g. "Fri, 27 Nov, 14:05": always in the school's time zone, whatever
 * zone the server runs in (an offer's deadline, when a link may be sent again).
 */
export function schoolMomentText(at: Date): string {
  return weekdayDayMonthClock(schoolClockAt(at));
}
