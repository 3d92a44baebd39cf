import { Skeleton } from "@client/components/ui/skeleton";
import { formatNumber } from "@client/lib/format-number";
import type { Analytics } from "@shared/contract/analytics";
import { lazy, Suspense, useId } from "react";
import { type ChartPoint, chartPoints, daysPerPoint, perPointText } from "./chart-points";
import { dayLabel, shortDayLabel } from "./day-label";

// recharts is most of this screen's weight, so it is a chunk of its own. The screen asks for it as it opens
// (preloadChart), in parallel with the figures; a student sent away from the admin route never loads it.
const loadChart = () => import("./applications-chart");
export const preloadChart = (): void => void loadChart();
const ApplicationsChart = lazy(() =>
  loadChart().then(({ ApplicationsChart }) => ({ default: ApplicationsChart })),
);

/** The applications chart over the whole chosen range, with the same points as a table for screen readers. */
export function ApplicationsOverTime({ series }: { series: Analytics["applicationsOverTime"] }) {
  const captionId = useId();
  const points = chartPoints(series);
  const per = perPointText(daysPerPoint(series.length));
  const total = points.reduce((sum, point) => sum + point.count, 0);
  const spanLabel = (point: ChartPoint) =>
    point.start === point.end ? dayLabel(point.start) : `${dayLabel(point.start)} to ${dayLabel(point.end)}`;
  return (
    <figure aria-labelledby={captionId} className="grid gap-3">
      <figcaption id={captionId} className="text-sm text-stone-700">
        {`Applications ${per} over the last ${series.length} days: ${formatNumber(total)} in all.`}
      </figcaption>
      <Suspense fallback={<Skeleton className="h-64" />}>
        <ApplicationsChart
          points={points.map(({ start, count }) => ({ label: shortDayLabel(start), count }))}
        />
      </Suspense>
      <table className="sr-only">
        <caption>{`Applications ${per}, last ${series.length} days`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Applications</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.start}>
              <th scope="row">{spanLabel(point)}</th>
              <td>{point.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
