import { ApplicationStatusBadge } from "@client/components/application-status-badge";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { SkeletonList } from "@client/components/ui/skeleton";
import { formatDate } from "@client/lib/format";
import type { AdminApplication } from "@shared/contract/applications";
import { Award } from "lucide-react";
import { memo } from "react";
import { ApplicationSummary } from "./application-summary";

const SKELETONS = 6;
const gridClasses = "grid gap-4 sm:grid-cols-2 lg:grid-cols-3";

export function RecentlyCompletedSkeleton() {
  return <SkeletonList count={SKELETONS} className={gridClasses} itemClassName="h-36" />;
}

export const RecentlyCompleted = memo(function RecentlyCompleted({
  applications,
}: {
  applications: readonly AdminApplication[];
}) {
  if (applications.length === 0) {
    return (
      <EmptyState icon={Award} title="No completed work yet">
        Approved hours and completed applications will be celebrated here.
      </EmptyState>
    );
  }
  return (
    <ul className={gridClasses}>
      {applications.map((application) => (
        <li key={application.id}>
          <Card className="grid h-full content-start gap-3 p-4">
            <div className="flex items-start justify-between gap-2">
              <ApplicationSummary application={application} />
              <ApplicationStatusBadge status={application.status} audience="admin" />
            </div>
            <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
              <div className="flex gap-1">
                <dt>Coins</dt>
                <dd className="font-semibold text-saffron-900">{application.coinsAwarded}</dd>
              </div>
              <div className="flex gap-1">
                <dt>Hours</dt>
                <dd className="font-semibold text-stone-900">{application.hoursCompleted}</dd>
              </div>
              {application.completedAt && (
                <div className="flex gap-1">
                  <dt>Completed</dt>
                  <dd className="font-semibold text-stone-900">{formatDate(application.completedAt)}</dd>
                </div>
              )}
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
});
