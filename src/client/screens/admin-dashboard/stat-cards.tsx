import { Skeleton } from "@client/components/ui/skeleton";
import { StatCard, type StatTone } from "@client/components/ui/stat-card";
import { formatNumber } from "@client/lib/format-number";
import { CircleCheckBig, ClipboardList, Clock, FolderOpen } from "lucide-react";

/** docs/product-spec.md §2: no pending application is green, up to three yellow, more red. */
export function pendingTone(count: number): StatTone {
  if (count === 0) return "green";
  return count <= 3 ? "yellow" : "red";
}

interface StatCardsProps {
  pending: number | undefined;
  hoursToReview: number | undefined;
  activeOpportunities: number | undefined;
  recentlyCompleted: number | undefined;
}

function statValue(count: number | undefined) {
  if (count !== undefined) return formatNumber(count);
  return (
    <>
      <Skeleton className="my-0.5 h-6.5 w-12" />
      <span className="sr-only">Loading</span>
    </>
  );
}

export function StatCards({
  pending,
  hoursToReview,
  activeOpportunities,
  recentlyCompleted,
}: StatCardsProps) {
  return (
    <section aria-label="Platform at a glance">
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label="Pending Applications"
          icon={ClipboardList}
          tone={pending === undefined ? "indigo" : pendingTone(pending)}
          value={statValue(pending)}
          hint={pending === 0 ? "All caught up" : "Waiting for a decision"}
        />
        <StatCard
          label="Hours to Review"
          icon={Clock}
          tone="violet"
          value={statValue(hoursToReview)}
          hint="Submitted by students"
        />
        <StatCard
          label="Active Opportunities"
          icon={FolderOpen}
          tone="indigo"
          value={statValue(activeOpportunities)}
          hint="Open for applications"
        />
        <StatCard
          label="Recently Completed"
          icon={CircleCheckBig}
          tone="saffron"
          value={statValue(recentlyCompleted)}
          hint="Latest approved work"
        />
      </dl>
    </section>
  );
}
