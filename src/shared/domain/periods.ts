// Calendar periods of the school, in India Standard Time (UTC+5:30, no daylight saving): the leaderboard's
// month and semester, and the analytics ranges' days. Pure functions of "now", so tests can fix the clock.

export const SCHOOL_UTC_OFFSET_MINUTES = 330;
const OFFSET_MS = SCHOOL_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The school's calendar date (year, month 1–12, day) of an instant. */
export function schoolDate(instant: Date): { year: number; month: number; day: number } {
  const shifted = new Date(instant.getTime() + OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The instant the school's day (year, month, day) begins. */
export function startOfSchoolDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - OFFSET_MS);
}

export function startOfMonth(now: Date): Date {
  const { year, month } = schoolDate(now);
  return startOfSchoolDay(year, month, 1);
}

/** The start of the current academic term: the latest term-start month not after this month. */
export function startOfTerm(now: Date, termStartMonths: readonly number[]): Date {
  const { year, month } = schoolDate(now);
  const months = [...termStartMonths].sort((a, b) => a - b);
  const thisYear = months.filter((candidate) => candidate <= month).at(-1);
  if (thisYear !== undefined) return startOfSchoolDay(year, thisYear, 1);
  return startOfSchoolDay(year - 1, months.at(-1) ?? 1, 1);
}

/**
 * The labels of the ranges asked lately, by first day and length. Every request for a range repeats its day's
 * labels, and writing a year of them cost 0.2 ms of the server's CPU on each analytics read (docs/performance.md).
 */
const recentLabels = new Map<string, readonly string[]>();
const RECENT_LABELS_KEPT = 16;

function dayLabels(start: Date, days: number): readonly string[] {
  const key = `${start.getTime()} ${days}`;
  let labels = recentLabels.get(key);
  if (!labels) {
    labels = Object.freeze(
      Array.from({ length: days }, (_, index) =>
        new Date(start.getTime() + OFFSET_MS + index * DAY_MS).toISOString().slice(0, 10),
      ),
    );
    if (recentLabels.size >= RECENT_LABELS_KEPT) recentLabels.clear();
    recentLabels.set(key, labels);
  }
  return labels;
}

/** The last `days` school days up to and including today: [start, end) and the day labels. */
export function dayRange(now: Date, days: number): { start: Date; end: Date; labels: readonly string[] } {
  const { year, month, day } = schoolDate(now);
  const end = new Date(startOfSchoolDay(year, month, day).getTime() + DAY_MS);
  const start = new Date(end.getTime() - days * DAY_MS);
  return { start, end, labels: dayLabels(start, days) };
}
