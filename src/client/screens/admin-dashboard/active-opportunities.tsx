import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { ProgressBar } from "@client/components/ui/progress-bar";
import { SkeletonList } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import { TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { ArrowRight, FolderPlus, Pencil } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";

const SKELETONS = 4;
const gridClasses = "grid gap-4 md:grid-cols-2";

export function ActiveOpportunitiesSkeleton() {
  return <SkeletonList count={SKELETONS} className={gridClasses} itemClassName="h-48" />;
}

interface ActiveOpportunitiesProps {
  /** The first few open opportunities, in the server's order. */
  opportunities: readonly AdminOpportunity[];
  /** Every open opportunity there is. */
  total: number;
}

export const ActiveOpportunities = memo(function ActiveOpportunities({
  opportunities,
  total,
}: ActiveOpportunitiesProps) {
  if (opportunities.length === 0) {
    return (
      <EmptyState
        icon={FolderPlus}
        title="No active opportunities"
        action={
          <Link to={paths.adminOpportunityNew} className={buttonClasses("primary", "sm")}>
            Create Your First Opportunity
          </Link>
        }
      >
        Open opportunities appear here with their progress.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className={gridClasses}>
        {opportunities.map((opportunity) => (
          <li key={opportunity.id}>
            <ActiveOpportunityCard opportunity={opportunity} />
          </li>
        ))}
      </ul>
      {total > opportunities.length && (
        <Link
          to={paths.adminOpportunities}
          className={cn(buttonClasses("outline", "sm"), "justify-self-start")}
        >
          {`View all ${formatNumber(total)} in the manager`}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      )}
    </div>
  );
});

/** Percentage of the hour target, to one decimal and capped at 100 (docs/product-spec.md §2, §9). */
export function targetPercent(completedHours: number, totalRequiredHours: number): number {
  return Math.min(100, Math.round((completedHours / totalRequiredHours) * 1000) / 10);
}

function ActiveOpportunityCard({ opportunity }: { opportunity: AdminOpportunity }) {
  const target = opportunity.totalRequiredHours ?? 0;
  const percent = target > 0 ? targetPercent(opportunity.completedHours, target) : 0;
  return (
    <Card className="grid h-full content-start gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <span className="w-fit rounded-full bg-saffron-100 px-2.5 py-0.5 font-semibold text-saffron-900 text-xs">
            {TYPE_LABELS[opportunity.type]}
          </span>
          <h3 className="font-semibold text-stone-900 leading-snug">
            <Link
              to={paths.adminApplications(opportunity.id)}
              className="underline-offset-2 hover:text-saffron-800 hover:underline"
            >
              {opportunity.title}
            </Link>
          </h3>
        </div>
        <Link to={paths.adminOpportunityEdit(opportunity.id)} className={buttonClasses("ghost", "sm")}>
          <Pencil aria-hidden className="size-4" />
          Edit
          <span className="sr-only">{` ${opportunity.title}`}</span>
        </Link>
      </div>
      <p className="line-clamp-2 text-sm text-stone-700">{opportunity.shortDescription}</p>
      <div className="grid gap-1.5">
        {target > 0 ? (
          <>
            <ProgressBar
              value={opportunity.completedHours}
              max={target}
              label={`Hours completed on ${opportunity.title}`}
              valueText={`${opportunity.completedHours} of ${target} hours (${percent}%)`}
              barClassName={percent >= 100 ? "bg-green-600" : undefined}
            />
            <p className="flex justify-between gap-2 text-stone-600 text-xs">
              <span>{`${opportunity.completedHours} of ${target} hours`}</span>
              <span>{percent >= 100 ? "Target Reached" : `${percent.toFixed(1)}%`}</span>
            </p>
          </>
        ) : (
          <p className="text-stone-600 text-xs">{`${opportunity.completedHours} hours completed · no hour target`}</p>
        )}
      </div>
      <p className="text-stone-600 text-xs">
        {`${opportunity.counts.pending} pending · ${opportunity.counts.hoursSubmitted} hour ${opportunity.counts.hoursSubmitted === 1 ? "submission" : "submissions"} to review · ${opportunity.counts.completed} completed`}
      </p>
      <Link to={paths.adminOpportunities} className={buttonClasses("outline", "sm")}>
        Manage Applications
        <span className="sr-only">{` of ${opportunity.title}`}</span>
      </Link>
    </Card>
  );
}
