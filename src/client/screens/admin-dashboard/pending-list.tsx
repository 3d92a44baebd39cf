import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { applicantName, DecisionButtons } from "@client/features/applications";
import { TimelineButton } from "@client/features/timeline";
import { formatDate, formatTime } from "@client/lib/format";
import type { AdminApplication } from "@shared/contract/applications";
import { Inbox } from "lucide-react";
import { ApplicationSummary } from "./application-summary";

export function PendingList({ applications }: { applications: readonly AdminApplication[] }) {
  if (applications.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No pending applications">
        New applications appear here for a quick decision.
      </EmptyState>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-stone-200">
        {applications.map((application) => (
          <PendingItem key={application.id} application={application} />
        ))}
      </ul>
    </Card>
  );
}

function PendingItem({ application }: { application: AdminApplication }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <ApplicationSummary application={application} />
        <p className="text-stone-600 text-xs">
          {`Applied ${formatDate(application.appliedAt)} at ${formatTime(application.appliedAt)}`}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <DecisionButtons applicationId={application.id} applicantName={applicantName(application.user)} />
        <TimelineButton
          applicationId={application.id}
          opportunityTitle={application.opportunity.title}
          applicantName={applicantName(application.user)}
        />
      </div>
    </li>
  );
}
