import { Skeleton } from "@client/components/ui/skeleton";
import type { Analytics } from "@shared/contract/analytics";
import { lazy, Suspense, useId } from "react";
import { dayLabel, shortDayLabel } from "./day-label";

// recharts is most of this screen's weight, so it is a chunk of its own. The screen asks for it as it opens
// (preloadChart), in parallel with the figures; a student sent away from the admin route never loads it.
const loadChart = () => import("./applications-chart");
export const preloadChart = (): void => void loadChart();
const ApplicationsChart = lazy(() =>
  loadChart().then(({ ApplicationsChart }) => ({ default: ApplicationsChart })),
);

/** docs/product-spec.md §9: the chart shows the last 14 days of the range. */
const CHART_POINTS = 14;

/** The daily applications chart, with the same series as a table for screen readers. */
export function ApplicationsOverTime({ series }: { series: Analytics["applicationsOverTime"] }) {
  const captionId = useId();
  const shown = series.slice(-CHART_POINTS);
  const total = shown.reduce((sum, point) => sum + point.count, 0);
  return (
    <figure aria-labelledby={captionId} className="grid gap-3">
      <figcaption id={captionId} className="text-sm text-stone-700">
        {`Applications per day over the last ${shown.length} days: ${total} in all.`}
      </figcaption>
      <Suspense fallback={<Skeleton className="h-64" />}>
        <ApplicationsChart points={shown.map(({ date, count }) => ({ label: shortDayLabel(date), count }))} />
      </Suspense>
      <table className="sr-only">
        <caption>{`Applications per day, last ${shown.length} days`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Applications</th>
          </tr>
        </thead>
        <tbody>
          {shown.map(({ date, count }) => (
            <tr key={date}>
              <th scope="row">{dayLabel(date)}</th>
              <td>{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
