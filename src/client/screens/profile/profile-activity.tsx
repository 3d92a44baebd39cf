import { ApplicationStatusBadge } from "@client/components/application-status-badge";
import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { useUserApplications } from "@client/features/applications/api";
import { HourHistory } from "@client/features/hours";
import { ApplicationTimeline } from "@client/features/timeline";
import { formatDate, formatTime } from "@client/lib/format";
import { paths } from "@client/lib/paths";
import type { StudentApplication } from "@shared/contract/applications";
import type { CurrentUser } from "@shared/contract/auth";
import { APPLICATION_STATUS_STORY, countsAs } from "@shared/domain/application-status";
import { ChevronDown, Compass } from "lucide-react";
import { Collapsible } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";

/** The Activity tab: every application of the user with its dates, coins and hour history. */
export function ProfileActivity({ user }: { user: CurrentUser }) {
  const applications = useUserApplications(user.id);

  if (applications.isPending) {
    return (
      <div className="grid gap-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (applications.isError) {
    return (
      <LoadError what="your activity" error={applications.error} onRetry={() => applications.refetch()} />
    );
  }
  if (applications.data.length === 0) {
    return (
      <EmptyState
        icon={Compass}
        title="No activity yet"
        action={
          user.role === "student" && (
            <Link to={paths.dashboard} className={buttonClasses("primary", "sm")}>
              Discover Opportunities
            </Link>
          )
        }
      >
        Applications you make and the hours you log will be listed here.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3">
      {applications.data.map((application) => (
        <li key={application.id}>
          <ActivityItem application={application} />
        </li>
      ))}
    </ul>
  );
}

function ActivityItem({ application }: { application: StudentApplication }) {
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-stone-900 leading-snug">
          <Link
            to={paths.opportunity(application.opportunity.id)}
            className="underline-offset-2 hover:text-saffron-800 hover:underline"
          >
            {application.opportunity.title}
          </Link>
        </h3>
        <ApplicationStatusBadge status={application.status} audience="student" />
      </div>
      <p className="text-sm text-stone-700">{APPLICATION_STATUS_STORY[application.status].next}</p>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div className="grid gap-0.5">
          <dt className="text-stone-600 text-xs">Applied</dt>
          <dd className="text-stone-900">
            {formatDate(application.appliedAt)}{" "}
            <span className="text-stone-600">{formatTime(application.appliedAt)}</span>
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-stone-600 text-xs">Completed</dt>
          <dd className="text-stone-900">
            {application.completedAt
              ? formatDate(application.completedAt)
              : countsAs(application.status) === "active"
                ? "Not yet, in progress"
                : "Not completed"}
          </dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-stone-600 text-xs">Hours approved</dt>
          <dd className="text-stone-900">{application.hoursCompleted}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="text-stone-600 text-xs">Coins awarded</dt>
          <dd className="font-semibold text-saffron-900">{application.coinsAwarded}</dd>
        </div>
      </dl>
      <Disclosure
        showLabel="Show hour history"
        hideLabel="Hide hour history"
        opportunityTitle={application.opportunity.title}
      >
        <HourHistory applicationId={application.id} />
      </Disclosure>
      <Disclosure
        showLabel="Show timeline"
        hideLabel="Hide timeline"
        opportunityTitle={application.opportunity.title}
      >
        <ApplicationTimeline applicationId={application.id} />
      </Disclosure>
    </Card>
  );
}

/** A section of an activity item that opens on demand; its content mounts, and so loads, when first opened. */
function Disclosure({
  showLabel,
  hideLabel,
  opportunityTitle,
  children,
}: {
  showLabel: string;
  hideLabel: string;
  opportunityTitle: string;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  return (
    <Collapsible.Root open={isOpen} onOpenChange={setOpen} className="grid gap-3">
      <Collapsible.Trigger className="group flex w-fit items-center gap-1.5 rounded-lg font-semibold text-saffron-800 text-sm hover:text-saffron-900">
        <ChevronDown aria-hidden className="size-4 transition-transform group-data-[state=open]:rotate-180" />
        {isOpen ? hideLabel : showLabel}
        <span className="sr-only">{` for ${opportunityTitle}`}</span>
      </Collapsible.Trigger>
      <Collapsible.Content>{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}
