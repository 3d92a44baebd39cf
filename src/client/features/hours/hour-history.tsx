import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { formatDate, formatTime } from "@client/lib/format";
import type { HourSubmissionStatus } from "@shared/domain/enums";
import { useHourSubmissions } from "./api";
import { HoursDetails } from "./hours-details";

const SUBMISSION_STATUS: Record<HourSubmissionStatus, { label: string; className: string }> = {
  pending: { label: "Under Review", className: "bg-violet-100 text-violet-900" },
  approved: { label: "Approved", className: "bg-green-100 text-green-900" },
  rejected: { label: "Rejected", className: "bg-red-100 text-red-900" },
};

/** Every submission of hours on one application, newest first, with the admin's answer. */
export function HourHistory({ applicationId }: { applicationId: number }) {
  const submissions = useHourSubmissions(applicationId);

  if (submissions.isPending) return <Skeleton className="h-16" />;
  if (submissions.isError) {
    return (
      <LoadError what="the hour history" error={submissions.error} onRetry={() => submissions.refetch()} />
    );
  }
  if (submissions.data.length === 0) {
    return <p className="text-sm text-stone-700">No hours submitted yet.</p>;
  }
  const newestFirst = [...submissions.data].sort(
    (a, b) => b.submittedAt.localeCompare(a.submittedAt) || b.id - a.id,
  );
  return (
    <ol aria-label="Hour history" className="grid gap-2">
      {newestFirst.map((submission) => {
        const status = SUBMISSION_STATUS[submission.status];
        return (
          <li key={submission.id} className="rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-stone-900">
                {`${formatDate(submission.submittedAt)} at ${formatTime(submission.submittedAt)}`}
              </p>
              <span className={cn("rounded-full px-2.5 py-0.5 font-semibold text-xs", status.className)}>
                {status.label}
              </span>
            </div>
            <HoursDetails
              className="mt-2"
              served={submission}
              verification={submission.verification}
              autoApproved={submission.autoApproved}
            />
            <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-0.5 text-stone-700">
              <div className="flex gap-1">
                <dt>Coins</dt>
                <dd className="font-semibold text-stone-900">{submission.coinsAwarded}</dd>
              </div>
              {submission.feedback && (
                <div className="flex basis-full gap-1">
                  <dt>Feedback</dt>
                  <dd className="text-stone-900">{submission.feedback}</dd>
                </div>
              )}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
