// Every figure and date written out by hand must read exactly as Intl writes it (ADR 0082): each function is
// compared with the formatter it replaced over thousands of values drawn from a seeded generator, and the edges
// (midnight and noon at the school, year ends, every month, rounding halves, zero's sign) on their own.
import { describe, expect, it } from "vitest";
import {
  clock12,
  clock24,
  dayMonth,
  dayMonthYear,
  dayMonthYearClock,
  indianFigure,
  isoDate,
  localWallClock,
  longDayMonthYear,
  type RelativeUnit,
  relativeWords,
  usMonthDay,
  usMonthDayYear,
  wallClockAt,
  weekdayDayMonthClock,
  weekdayDayMonthYear,
} from "./written-out";

const SCHOOL_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const school = (moment: Date) => wallClockAt(moment, SCHOOL_OFFSET_MS);
const utc = (moment: Date) => wallClockAt(moment, 0);

/** mulberry32: the same values on every run, so a failure names a value that fails again. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const FROM = Date.UTC(1971, 0, 1);
const TO = Date.UTC(2099, 11, 31);

function moments(count: number): Date[] {
  const random = seeded(21);
  const drawn = Array.from({ length: count }, () => new Date(FROM + Math.floor(random() * (TO - FROM))));
  const edges = [
    "2026-12-05T18:29:59.999Z", // 23:59 at the school
    "2026-12-05T18:30:00.000Z", // midnight at the school
    "2026-12-06T06:29:00.000Z", // 11:59 am
    "2026-12-06T06:30:00.000Z", // noon
    "2026-12-31T18:30:00.000Z", // new year at the school, still 31 Dec in UTC
    "2024-02-29T12:00:00.000Z",
    ...Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2026, month, 9, 4, 5)).toISOString()),
  ];
  return [...drawn, ...edges.map((text) => new Date(text))];
}

const schoolFormat = (options: Intl.DateTimeFormatOptions, locale = "en-GB") =>
  new Intl.DateTimeFormat(locale, { timeZone: "Asia/Kolkata", ...options });

describe("dates written out", () => {
  const all = moments(3000);

  it("at the school, as en-GB, en-CA and en-IN write them", () => {
    const weekdayDay = schoolFormat({ weekday: "short", day: "numeric", month: "short", year: "numeric" });
    const shortDay = schoolFormat({ day: "numeric", month: "short" });
    const fullDay = schoolFormat({ day: "numeric", month: "short", year: "numeric" });
    const time12 = schoolFormat({ hour: "numeric", minute: "2-digit", hourCycle: "h12" });
    const calendarDay = schoolFormat({}, "en-CA");
    const moment = schoolFormat(
      {
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      },
      "en-IN",
    );
    const dateTime = schoolFormat(
      {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      },
      "en-IN",
    );
    for (const at of all) {
      const clock = school(at);
      const weekdayParts = weekdayDay
        .formatToParts(at)
        .filter((part) => part.type !== "literal")
        .map((part) => part.value);
      expect(weekdayDayMonthYear(clock), at.toISOString()).toBe(weekdayParts.join(" "));
      expect(dayMonth(clock), at.toISOString()).toBe(shortDay.format(at));
      expect(dayMonthYear(clock), at.toISOString()).toBe(fullDay.format(at));
      expect(clock12(clock), at.toISOString()).toBe(time12.format(at).replace(/\s/g, " ").toLowerCase());
      expect(isoDate(clock), at.toISOString()).toBe(calendarDay.format(at));
      expect(weekdayDayMonthClock(clock), at.toISOString()).toBe(moment.format(at));
      expect(dayMonthYearClock(clock), at.toISOString()).toBe(dateTime.format(at));
    }
  });

  it("in UTC, as en-GB and en-US write calendar days", () => {
    const inUtc = (locale: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options });
    const day = inUtc("en-GB", { day: "numeric" });
    const dayAndMonth = inUtc("en-GB", { day: "numeric", month: "short" });
    const full = inUtc("en-GB", { day: "numeric", month: "short", year: "numeric" });
    const usShort = inUtc("en-US", { month: "short", day: "numeric" });
    const usLong = inUtc("en-US", { month: "short", day: "2-digit", year: "numeric" });
    for (const at of all) {
      const clock = utc(at);
      expect(String(clock.day)).toBe(day.format(at));
      expect(dayMonth(clock), at.toISOString()).toBe(dayAndMonth.format(at));
      expect(dayMonthYear(clock), at.toISOString()).toBe(full.format(at));
      expect(usMonthDay(clock), at.toISOString()).toBe(usShort.format(at));
      expect(usMonthDayYear(clock), at.toISOString()).toBe(usLong.format(at));
    }
  });

  it.each(["America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])(
    "on the device's own clock, as en-US and en-GB write them, in %s",
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone; // Node tells V8 and ICU at once, so Date and Intl both read the new zone
      try {
        const usDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric" });
        const time24 = new Intl.DateTimeFormat("en-GB", {
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
        });
        const longDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });
        const named = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
        expect(usDate.resolvedOptions().timeZone).toBe(named);
        for (const at of all) {
          const clock = localWallClock(at);
          expect(usMonthDayYear(clock), at.toISOString()).toBe(usDate.format(at));
          expect(clock24(clock), at.toISOString()).toBe(time24.format(at));
          expect(longDayMonthYear(clock), at.toISOString()).toBe(longDay.format(at));
        }
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );

  it("refuses an invalid date, as Intl does, instead of writing NaN", () => {
    expect(() => wallClockAt(new Date("not a date"), 0)).toThrow(RangeError);
    expect(() => localWallClock(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("indianFigure", () => {
  const intl = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 1 });

  it("writes every figure as en-IN does with at most one decimal", () => {
    const random = seeded(7);
    const figures: number[] = [];
    for (let index = 0; index < 5000; index++) {
      const magnitude = 10 ** Math.floor(random() * 16);
      const whole = Math.floor(random() * magnitude);
      const decimals = Math.floor(random() * 5);
      const value = decimals === 0 ? whole : Number((whole + random()).toFixed(decimals));
      figures.push(random() < 0.2 ? -value : value);
    }
    for (const figure of figures) expect(indianFigure(figure), String(figure)).toBe(intl.format(figure));
  });

  it("rounds halves as ICU does and keeps zero's sign", () => {
    const edges = [
      0,
      -0,
      0.04,
      0.05,
      -0.04,
      -0.05,
      0.95,
      0.96,
      1.05,
      1.15,
      1.25,
      2.45,
      9.95,
      99.95,
      999.95,
      99999.95,
      123456.75,
      1234567.25,
      9007199254740991,
      123456789012345680000,
      1e-7,
      1e21,
      2.5e-7,
      -1e22,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NaN,
    ];
    for (const figure of edges) expect(indianFigure(figure), String(figure)).toBe(intl.format(figure));
    expect(indianFigure(1234567)).toBe("12,34,567");
  });
});

describe("relativeWords", () => {
  const intl = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const units: RelativeUnit[] = ["year", "month", "week", "day", "hour", "minute"];

  it("says each count of each unit as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) does", () => {
    for (const unit of units) {
      for (let count = -1500; count <= 1500; count++) {
        if (count === 0) continue;
        expect(relativeWords(count, unit), `${count} ${unit}`).toBe(intl.format(count, unit));
      }
    }
  });
});
