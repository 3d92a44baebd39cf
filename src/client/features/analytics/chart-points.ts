// The applications chart follows the chosen range (issue 16) in at most 14 points (docs/product-spec.md §9, "last
// 14 points"): each point covers a whole number of days from a short, familiar set, so 7 days are 7 daily bars,
// 30 days ten bars of 3 days, 90 days twelve weeks and a year thirteen spans of 4 weeks. The days left over when
// the range does not divide evenly join the oldest point, so the points always add up to the whole range (and the
// chart's total is the range's, as on the KPI cards).

export const MAX_CHART_POINTS = 14;
const DAYS_PER_POINT = [1, 3, 7, 28] as const;

export interface ChartPoint {
  /** First and last day covered, 'YYYY-MM-DD'. */
  start: string;
  end: string;
  count: number;
}

export function daysPerPoint(days: number): number {
  return (
    DAYS_PER_POINT.find((size) => Math.floor(days / size) <= MAX_CHART_POINTS) ?? DAYS_PER_POINT.at(-1) ?? 1
  );
}

export function chartPoints(series: readonly { date: string; count: number }[]): ChartPoint[] {
  const size = daysPerPoint(series.length);
  const pointCount = Math.max(1, Math.floor(series.length / size));
  const points: ChartPoint[] = [];
  // From the newest day backwards, whole spans of `size`; the oldest point also takes what is left over.
  for (let index = 0; index < pointCount; index++) {
    const endIndex = series.length - 1 - index * size;
    const startIndex = index === pointCount - 1 ? 0 : endIndex - size + 1;
    const days = series.slice(startIndex, endIndex + 1);
    const first = days[0];
    const last = days.at(-1);
    if (!first || !last) continue;
    points.unshift({
      start: first.date,
      end: last.date,
      count: days.reduce((sum, day) => sum + day.count, 0),
    });
  }
  return points;
}

/** 'per day', 'per 3 days', 'per week', 'per 4 weeks'. */
export function perPointText(size: number): string {
  if (size === 1) return "per day";
  if (size % 7 === 0) return size === 7 ? "per week" : `per ${size / 7} weeks`;
  return `per ${size} days`;
}
