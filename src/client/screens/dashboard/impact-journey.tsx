import { ApplicationStatusBadge } from "@client/components/application-status-badge";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { WithdrawDialog } from "@client/features/apply";
import { HoursDetails, ResendVerificationButton, SubmitHoursButton } from "@client/features/hours";
import { TimelineButton } from "@client/features/timeline";
import { awardBreakdown } from "@client/lib/award-text";
import { formatDate } from "@client/lib/format";
import { countOf, TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import type { StudentApplication } from "@shared/contract/applications";
import { APPLICATION_STATUS_STORY, canSubmitHours } from "@shared/domain/application-status";
import { expectedAward } from "@shared/domain/coins";
import { CalendarDays, Coins, Compass, Hourglass, MessageSquareText } from "lucide-react";
import { Link } from "react-router";

/** 'My Impact Journey': each application with its status, what it earned, and what the student can do next. */
export function ImpactJourney({ applications }: { applications: readonly StudentApplication[] }) {
  if (applications.length === 0) {
    return (
      <EmptyState icon={Compass} title="Your journey starts here">
        Apply to an opportunity from Discover below. Its progress, from review to coins, will show here.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      {applications.map((application) => (
        <li key={application.id}>
          <JourneyCard application={application} />
        </li>
      ))}
    </ul>
  );
}

/** The hours under review at the opportunity's rate, as the admin's Approve starts at (ADR 0024). */
function awardBasisOf(application: StudentApplication) {
  return {
    hours: application.submittedHours,
    coinsPerHour: application.opportunity.coinsPerHour,
    maxCoins: application.opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };
}

function pendingAward(application: StudentApplication): number {
  return expectedAward(awardBasisOf(application));
}

function JourneyCard({ application }: { application: StudentApplication }) {
  const { opportunity } = application;
  return (
    <Card className="grid h-full content-start gap-3 p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-semibold text-stone-900 leading-snug">
            <Link
              to={paths.opportunity(opportunity.id)}
              className="underline-offset-2 hover:text-saffron-800 hover:underline"
            >
              {opportunity.title}
            </Link>
          </h3>
          <p className="text-stone-600 text-xs">{`${TYPE_LABELS[opportunity.type]} · ${opportunity.coinsPerHour} coins per hour`}</p>
        </div>
        <ApplicationStatusBadge status={application.status} audience="student" />
      </div>
      <p className="text-sm text-stone-700">{APPLICATION_STATUS_STORY[application.status].next}</p>
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-stone-700">
        <div className="flex items-center gap-1.5">
          <dt className="flex items-center gap-1.5">
            <CalendarDays aria-hidden className="size-4 text-stone-500" />
            Applied
          </dt>
          <dd className="font-medium text-stone-900">{formatDate(application.appliedAt)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="flex items-center gap-1.5">
            <Coins aria-hidden className="size-4 text-stone-500" />
            Earned
          </dt>
          <dd className="font-medium text-stone-900">{`${application.coinsAwarded} coins`}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt className="flex items-center gap-1.5">
            <Hourglass aria-hidden className="size-4 text-stone-500" />
            Hours approved
          </dt>
          <dd className="font-medium text-stone-900">{application.hoursCompleted}</dd>
        </div>
      </dl>
      {application.status === "hours_submitted" && (
        <p className="rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-950">
          {`${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"} under review`}
          {application.hourSubmissionDate ? ` since ${formatDate(application.hourSubmissionDate)}` : ""}
          {`: up to ${countOf(pendingAward(application), "coin")} (${awardBreakdown(awardBasisOf(application))}).`}
        </p>
      )}
      {application.status === "hours_submitted" && application.hoursUnderReview && (
        <div className="grid gap-2">
          <HoursDetails
            served={application.hoursUnderReview}
            verification={application.hoursUnderReview.verification}
          />
          {application.hoursUnderReview.verification.status === "pending" && (
            <div>
              <ResendVerificationButton
                applicationId={application.id}
                supervisorName={application.hoursUnderReview.verification.supervisorName}
              />
            </div>
          )}
        </div>
      )}
      {application.adminFeedback && application.status !== "hours_submitted" && (
        <p className="flex gap-2 rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-800">
          <MessageSquareText aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
          <span>
            <span className="font-medium">Feedback: </span>
            {application.adminFeedback}
          </span>
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {canSubmitHours(application.status) && (
          <SubmitHoursButton application={application} opportunity={opportunity} />
        )}
        <WithdrawDialog application={application} opportunityTitle={opportunity.title} />
        <TimelineButton applicationId={application.id} opportunityTitle={opportunity.title} />
      </div>
    </Card>
  );
}
