// Figures and dates written out by hand, in exactly the words Intl gives for the locales Seva shows (en-IN, en-GB,
// en-US, en): a page's first Intl formatter loads ICU's locale data, 30–60 ms of a laptop's main thread and over
// 200 ms on Lighthouse's phone, before anything is painted (ADR 0082). The school's zone keeps no daylight saving,
// so its calendar is UTC's shifted by a constant. written-out.test.ts holds every function to Intl's own output.

/** Month abbreviations as en-GB and en-IN write them (CLDR: 'Sept'). */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"] as const;
/** Month abbreviations as en-US writes them. */
const US_MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** A moment's calendar and clock where the time is `offsetMs` ahead of UTC. */
export interface WallClock {
  year: number;
  /** 0 = January */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
}

/** Throws as Intl's `format` does on an invalid date, so a bad value is not written out as 'NaN'. */
export function wallClockAt(moment: Date, offsetMs: number): WallClock {
  const time = moment.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const shifted = new Date(time + offsetMs);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The same, on the device's own clock (its time zone, with its daylight saving). */
export function localWallClock(moment: Date): WallClock {
  if (Number.isNaN(moment.getTime())) throw new RangeError("Invalid time value");
  return {
    year: moment.getFullYear(),
    month: moment.getMonth(),
    day: moment.getDate(),
    weekday: moment.getDay(),
    hour: moment.getHours(),
    minute: moment.getMinutes(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** '5 Dec' (en-GB: day numeric, month short). */
export const dayMonth = (clock: WallClock) => `${clock.day} ${MONTHS[clock.month]}`;
/** '5 Dec 2026' (en-GB: day numeric, month short, year numeric). */
export const dayMonthYear = (clock: WallClock) => `${dayMonth(clock)} ${clock.year}`;
/** '5 December 2026' (en-GB: day numeric, month long, year numeric). */
export const longDayMonthYear = (clock: WallClock) =>
  `${clock.day} ${LONG_MONTHS[clock.month]} ${clock.year}`;
/** 'Sat 5 Dec 2026' (en-GB's weekday, day, month short and year, without its comma). */
export const weekdayDayMonthYear = (clock: WallClock) => `${WEEKDAYS[clock.weekday]} ${dayMonthYear(clock)}`;
/** 'Sat, 5 Dec, 09:30' (en-IN: weekday short, day, month short, 2-digit 24-hour clock). */
export const weekdayDayMonthClock = (clock: WallClock) =>
  `${WEEKDAYS[clock.weekday]}, ${dayMonth(clock)}, ${clock24(clock)}`;
/** '5 Dec 2026, 09:30' (en-IN: day, month short, year, 2-digit 24-hour clock). */
export const dayMonthYearClock = (clock: WallClock) => `${dayMonthYear(clock)}, ${clock24(clock)}`;
/** 'Dec 5' (en-US: month short, day numeric). */
export const usMonthDay = (clock: WallClock) => `${US_MONTHS[clock.month]} ${clock.day}`;
/** 'Dec 05, 2026' (en-US: month short, day 2-digit, year numeric). */
export const usMonthDayYear = (clock: WallClock) =>
  `${US_MONTHS[clock.month]} ${twoDigits(clock.day)}, ${clock.year}`;
/** '2026-12-05' (en-CA's date, ISO 8601's order). */
export const isoDate = (clock: WallClock) =>
  `${clock.year}-${twoDigits(clock.month + 1)}-${twoDigits(clock.day)}`;
/** '09:30' (en-GB: 2-digit hour and minute, h23). */
export const clock24 = (clock: WallClock) => `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`;
/** '9:30 am' (en-GB: numeric hour, 2-digit minute, h12; lower case, plain spaces). */
export const clock12 = (clock: WallClock) =>
  `${clock.hour % 12 || 12}:${twoDigits(clock.minute)} ${clock.hour < 12 ? "am" : "pm"}`;

/** Made on first need only: see indianFigure. */
let intlIndianFigure: Intl.NumberFormat | undefined;

/** Digits grouped as Indian readers group them: the last three, then pairs (12,34,567). */
function groupedIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/**
 * A figure as en-IN writes it with at most one decimal: lakh and crore grouping (-12,34,567.3), rounded half away
 * from zero on its shortest decimal form, as ICU rounds it (1.15 → 1.2). Figures JavaScript writes with an
 * exponent (at least 10²¹, or below 10⁻⁶) and non-finite ones are left to Intl: no screen shows one.
 */
export function indianFigure(value: number): string {
  const text = String(Math.abs(value));
  if (!Number.isFinite(value) || text.includes("e")) {
    intlIndianFigure ??= new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });
    return intlIndianFigure.format(value);
  }
  const [whole = "0", fraction = ""] = text.split(".");
  let wholeDigits = whole;
  let tenths = fraction === "" ? 0 : Number(fraction[0]);
  if (fraction.length > 1 && Number(fraction[1]) >= 5) tenths += 1;
  if (tenths === 10) {
    tenths = 0;
    // A figure with a fraction is below 2⁵³, so its whole part adds one exactly.
    wholeDigits = String(Number(whole) + 1);
  }
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${groupedIndian(wholeDigits)}${tenths === 0 ? "" : `.${tenths}`}`;
}

export type RelativeUnit = "year" | "month" | "week" | "day" | "hour" | "minute";

/** What en's `numeric: "auto"` says for one unit back and one ahead, where it has a word for it. */
const ONE_AWAY: Partial<Record<RelativeUnit, readonly [string, string]>> = {
  day: ["yesterday", "tomorrow"],
  week: ["last week", "next week"],
  month: ["last month", "next month"],
  year: ["last year", "next year"],
};

/**
 * A whole, non-zero number of units from now as Intl.RelativeTimeFormat("en", { numeric: "auto" }) says it:
 * "3 minutes ago", "in 2 hours", "yesterday", "next week".
 */
export function relativeWords(count: number, unit: RelativeUnit): string {
  const oneAway = ONE_AWAY[unit];
  if (oneAway && Math.abs(count) === 1) return count < 0 ? oneAway[0] : oneAway[1];
  const size = Math.abs(count);
  const words = `${String(size).replace(/\B(?=(\d{3})+$)/g, ",")} ${unit}${size === 1 ? "" : "s"}`;
  return count < 0 ? `${words} ago` : `in ${words}`;
}
