import { buttonClasses } from "@client/components/ui/button";
import { ApproveHoursDialog, RejectHoursDialog } from "@client/features/hours";
import { TimelineButton } from "@client/features/timeline";
import type { OpportunityApplication } from "@shared/contract/applications";
import { canReviewHours } from "@shared/domain/application-status";
import { Mail } from "lucide-react";
import { applicantName } from "./applicant-name";
import { DecisionButtons } from "./decision-buttons";
import { applicationMail, mailtoLink } from "./mail-link";
import { UpdateStatusDialog } from "./update-status-dialog";

interface ApplicationRowActionsProps {
  application: OpportunityApplication;
  opportunity: { title: string; coinsPerHour: number; maxCoins: number };
}

/**
 * Hours under review get Approve and Reject; a pending application gets one-click Accept and Reject beside Update
 * (as on the admin dashboard); every other application gets Update. All but hours under review get an e-mail
 * shortcut, and every one its Timeline.
 */
export function ApplicationRowActions({ application, opportunity }: ApplicationRowActionsProps) {
  const name = applicantName(application.user);
  if (canReviewHours(application.status)) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="basis-full whitespace-nowrap font-semibold text-sm text-violet-900 xl:basis-auto">
          {`${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"} submitted`}
        </span>
        <ApproveHoursDialog
          application={application}
          applicantName={name}
          opportunity={opportunity}
          underReview={application.hoursUnderReview}
        />
        <RejectHoursDialog
          underReview={application.hoursUnderReview}
          applicationId={application.id}
          applicantName={name}
          hours={application.submittedHours}
          wording="plain"
        />
        <TimelineButton
          applicationId={application.id}
          opportunityTitle={opportunity.title}
          applicantName={name}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {application.status === "pending" && (
        <DecisionButtons applicationId={application.id} applicantName={name} />
      )}
      <UpdateStatusDialog application={application} applicantName={name} opportunity={opportunity} />
      {application.user.email && (
        <a
          href={mailtoLink(application.user.email, applicationMail(opportunity.title))}
          className={buttonClasses("ghost", "sm")}
        >
          <Mail aria-hidden className="size-4" />
          Email
          <span className="sr-only">{` ${name}`}</span>
        </a>
      )}
      <TimelineButton
        applicationId={application.id}
        opportunityTitle={opportunity.title}
        applicantName={name}
      />
    </div>
  );
}
