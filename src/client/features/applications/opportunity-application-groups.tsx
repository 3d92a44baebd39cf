import { ApplicationStatusBadge } from "@client/components/application-status-badge";
import { buttonClasses } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { HoursReviewButtons } from "@client/features/hours";
import { shownToStudentText } from "@client/lib/award-text";
import { formatDate } from "@client/lib/format";
import { paths } from "@client/lib/paths";
import type { OpportunityApplication } from "@shared/contract/applications";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { expectedAward } from "@shared/domain/coins";
import type { ApplicationStatus } from "@shared/domain/enums";
import { Clock, Inbox, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useOpportunityApplications } from "./api";
import { applicantName } from "./applicant-name";
import { DecisionButtons } from "./decision-buttons";
import { applicationMail, awaitingHoursMail, mailtoLink } from "./mail-link";

type GroupOpportunity = Pick<AdminOpportunity, "id" | "title" | "coinsPerHour" | "maxCoins">;

interface OpportunityApplicationGroupsProps {
  opportunity: GroupOpportunity;
  /** The level of the group headings, one below the card's own title. */
  headingLevel?: 3 | 4;
}

const inGroup = (applications: readonly OpportunityApplication[], statuses: readonly ApplicationStatus[]) =>
  applications.filter((application) => statuses.includes(application.status));

/**
 * The applications of one opportunity in the manager's expanded card, grouped by what they wait for: a
 * decision, a review of hours, hours from the student, or nothing (completed work).
 */
export function OpportunityApplicationGroups({
  opportunity,
  headingLevel = 3,
}: OpportunityApplicationGroupsProps) {
  const applications = useOpportunityApplications(opportunity.id);

  if (applications.isPending) {
    return (
      <div className="grid gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (applications.isError) {
    return (
      <LoadError what="the applications" error={applications.error} onRetry={() => applications.refetch()} />
    );
  }
  const list = applications.data;
  if (list.length === 0) {
    return (
      <EmptyState icon={Inbox} title="No applications yet" headingLevel={headingLevel}>
        Applications to this opportunity will appear here.
      </EmptyState>
    );
  }

  const pending = inGroup(list, ["pending"]);
  const hoursSubmitted = inGroup(list, ["hours_submitted"]);
  const awaitingHours = inGroup(list, ["accepted"]);
  const completed = inGroup(list, ["hours_approved", "completed"]);
  const rejected = inGroup(list, ["rejected"]);
  const Heading = headingLevel === 3 ? "h3" : "h4";

  return (
    <div className="grid gap-5">
      <Group heading={Heading} title="Pending" count={pending.length}>
        {pending.map((application) => (
          <PendingRow key={application.id} application={application} opportunity={opportunity} />
        ))}
      </Group>
      <Group heading={Heading} title="Hours Submitted for Review" count={hoursSubmitted.length}>
        {hoursSubmitted.map((application) => (
          <HoursRow key={application.id} application={application} opportunity={opportunity} />
        ))}
      </Group>
      <Group heading={Heading} title="Accepted - Awaiting Hours" count={awaitingHours.length}>
        {awaitingHours.map((application) => (
          <AwaitingRow key={application.id} application={application} opportunity={opportunity} />
        ))}
      </Group>
      <Group heading={Heading} title="Completed Work" count={completed.length}>
        {completed.map((application) => (
          <CompletedRow key={application.id} application={application} />
        ))}
      </Group>
      <p className="text-sm text-stone-700">
        {rejected.length > 0 &&
          `${rejected.length} rejected ${rejected.length === 1 ? "application" : "applications"}. `}
        <Link
          to={paths.adminApplications(opportunity.id)}
          className="font-semibold text-saffron-800 underline-offset-2 hover:underline"
        >
          Open all applications
          <span className="sr-only">{` of ${opportunity.title}`}</span>
        </Link>
      </p>
    </div>
  );
}

function Group({
  heading: Heading,
  title,
  count,
  children,
}: {
  heading: "h3" | "h4";
  title: string;
  count: number;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className="grid gap-2">
      <Heading className="font-semibold text-sm text-stone-800">{`${title} (${count})`}</Heading>
      <ul className="grid gap-2">{children}</ul>
    </div>
  );
}

function Row({ application, children }: { application: OpportunityApplication; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid min-w-0 gap-0.5">
        <p className="truncate font-medium text-stone-900">{applicantName(application.user)}</p>
        <p className="truncate text-stone-600 text-xs">
          {`${application.user.email} · applied ${formatDate(application.appliedAt)}`}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">{children}</div>
    </li>
  );
}

function MailButton({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} className={buttonClasses("ghost", "sm")}>
      <Mail aria-hidden className="size-4" />
      <span className="sr-only">{label}</span>
    </a>
  );
}

interface RowProps {
  application: OpportunityApplication;
  opportunity: GroupOpportunity;
}

function PendingRow({ application, opportunity }: RowProps) {
  const name = applicantName(application.user);
  return (
    <Row application={application}>
      <DecisionButtons applicationId={application.id} applicantName={name} />
      <MailButton
        href={mailtoLink(application.user.email, applicationMail(opportunity.title))}
        label={`E-mail ${name}`}
      />
    </Row>
  );
}

function HoursRow({ application, opportunity }: RowProps) {
  const hours = application.submittedHours;
  const basis = {
    hours,
    coinsPerHour: opportunity.coinsPerHour,
    maxCoins: opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };
  const coins = expectedAward(basis);

  return (
    <Row application={application}>
      <span className="font-semibold text-sm text-violet-900">
        {`${hours} h · ${coins} coins`}
        <span className="sr-only">{` ${shownToStudentText(basis)}`}</span>
      </span>
      <HoursReviewButtons
        applicationId={application.id}
        applicantName={applicantName(application.user)}
        hours={hours}
        coins={coins}
        labels="long"
      />
    </Row>
  );
}

function AwaitingRow({ application, opportunity }: RowProps) {
  const name = applicantName(application.user);
  return (
    <Row application={application}>
      <span className="inline-flex items-center gap-1 rounded-full bg-blue-100 px-2.5 py-0.5 font-semibold text-blue-900 text-xs">
        <Clock aria-hidden className="size-3.5" />
        Waiting for hours
      </span>
      <MailButton
        href={mailtoLink(
          application.user.email,
          awaitingHoursMail(application.user.firstName, opportunity.title),
        )}
        label={`E-mail ${name} a reminder to submit hours`}
      />
    </Row>
  );
}

function CompletedRow({ application }: { application: OpportunityApplication }) {
  return (
    <Row application={application}>
      <span className="text-sm text-stone-700">{`${application.hoursCompleted} h · ${application.coinsAwarded} coins`}</span>
      <ApplicationStatusBadge status={application.status} audience="admin" />
    </Row>
  );
}
