import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import type { Analytics, PeriodFigures } from "@shared/contract/analytics";
import {
  ArrowDown,
  ArrowUp,
  CircleCheckBig,
  FolderOpen,
  Gauge,
  type LucideIcon,
  Minus,
  Send,
} from "lucide-react";
import { KPIS } from "./kpis";
import { changeText, percentChange, type Trend, trendOf } from "./percent-change";

const icons: Record<keyof PeriodFigures, LucideIcon> = {
  totalOpportunities: FolderOpen,
  totalApplications: Send,
  averageApplyRate: Gauge,
  completionRate: CircleCheckBig,
};

const trendStyles: Record<Trend, { icon: LucideIcon; word: string; className: string }> = {
  up: { icon: ArrowUp, word: "Up", className: "text-green-800" },
  down: { icon: ArrowDown, word: "Down", className: "text-red-700" },
  flat: { icon: Minus, word: "No change", className: "text-stone-600" },
};

/** The four headline figures, each with its real change against the previous period. */
export function KpiCards({ analytics }: { analytics: Analytics }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {KPIS.map(({ key, label, description, unit }) => {
        const Icon = icons[key];
        const change = percentChange(analytics[key], analytics.previousPeriod[key]);
        const trend = trendStyles[trendOf(change)];
        const TrendIcon = trend.icon;
        return (
          <div
            key={key}
            className="grid content-start gap-1 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
          >
            <dt className="flex items-center gap-2 font-medium text-sm text-stone-700">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-100 text-indigo-800">
                <Icon aria-hidden className="size-4" />
              </span>
              {label}
            </dt>
            <dd className="font-bold text-3xl text-stone-900 tabular-nums">
              {`${formatNumber(analytics[key])}${unit}`}
            </dd>
            <dd className="text-stone-600 text-xs">{description}</dd>
            <dd className={cn("mt-1 flex flex-wrap items-center gap-1 font-medium text-sm", trend.className)}>
              {/* With nothing in either period there is no change to show: no flat-trend sign beside a dash. */}
              {change.kind !== "none" && (
                <>
                  <TrendIcon aria-hidden className="size-4 shrink-0" />
                  <span>
                    {change.kind === "percent" && <span className="sr-only">{`${trend.word}: `}</span>}
                    {changeText(change)}
                  </span>
                </>
              )}
              <span className="font-normal text-stone-600">
                {change.kind === "none"
                  ? "Nothing in either period"
                  : change.kind === "new"
                    ? `(none in the previous ${analytics.dateRange} days)`
                    : `vs previous ${analytics.dateRange} days (${formatNumber(analytics.previousPeriod[key])}${unit})`}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
