import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { applicantName } from "@client/features/applications";
import { HoursDetails, HoursReviewButtons } from "@client/features/hours";
import { TimelineButton } from "@client/features/timeline";
import { shownToStudentText } from "@client/lib/award-text";
import { formatDate, formatTime } from "@client/lib/format";
import type { AdminApplication } from "@shared/contract/applications";
import { expectedAward } from "@shared/domain/coins";
import { ClipboardCheck } from "lucide-react";
import { ApplicationSummary } from "./application-summary";

export function HoursReviewList({ applications }: { applications: readonly AdminApplication[] }) {
  if (applications.length === 0) {
    return (
      <EmptyState icon={ClipboardCheck} title="No hours to review">
        Hours that students submit appear here with the coins they would earn.
      </EmptyState>
    );
  }
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-stone-200">
        {applications.map((application) => (
          <HoursItem key={application.id} application={application} />
        ))}
      </ul>
    </Card>
  );
}

function HoursItem({ application }: { application: AdminApplication }) {
  const hours = application.submittedHours;
  const basis = {
    hours,
    coinsPerHour: application.opportunity.coinsPerHour,
    maxCoins: application.opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };
  const coins = expectedAward(basis);

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <ApplicationSummary application={application} />
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-violet-900">{`${hours} ${hours === 1 ? "hour" : "hours"}`}</span>
          <span className="font-semibold text-saffron-900">{`${coins} coins`}</span>
          <span className="text-stone-600 text-xs">{shownToStudentText(basis)}</span>
        </p>
        {application.hoursUnderReview && (
          <HoursDetails
            className="mt-1 max-w-prose"
            served={application.hoursUnderReview}
            verification={application.hoursUnderReview.verification}
          />
        )}
        {application.hourSubmissionDate && (
          <p className="text-stone-600 text-xs">
            {`Submitted ${formatDate(application.hourSubmissionDate)} at ${formatTime(application.hourSubmissionDate)}`}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <HoursReviewButtons
          applicationId={application.id}
          applicantName={applicantName(application.user)}
          hours={hours}
          coins={coins}
          labels="short"
          underReview={application.hoursUnderReview}
          application={application}
          opportunity={application.opportunity}
        />
        <TimelineButton
          applicationId={application.id}
          opportunityTitle={application.opportunity.title}
          applicantName={applicantName(application.user)}
        />
      </div>
    </li>
  );
}
