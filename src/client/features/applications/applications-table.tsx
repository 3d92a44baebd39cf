import { ApplicationStatusBadge } from "@client/components/application-status-badge";
import { Card } from "@client/components/ui/card";
import { HoursDetails } from "@client/features/hours";
import { formatDate, formatTime } from "@client/lib/format";
import type { OpportunityApplication } from "@shared/contract/applications";
import { Fragment } from "react";
import { applicantName } from "./applicant-name";
import { ApplicationRowActions } from "./application-row-actions";

interface ApplicationsTableProps {
  applications: readonly OpportunityApplication[];
  opportunity: { title: string; coinsPerHour: number; maxCoins: number };
}

function AppliedAt({ iso }: { iso: string }) {
  return (
    <>
      <span className="block text-stone-900">{formatDate(iso)}</span>
      <span className="block text-stone-600 text-xs">{formatTime(iso)}</span>
    </>
  );
}

/**
 * A table from `md` up; on phones the same rows as cards, so nothing needs scrolling sideways. Only one of
 * the two is displayed (and so exposed to assistive technology) at a time.
 */
export function ApplicationsTable({ applications, opportunity }: ApplicationsTableProps) {
  return (
    <>
      <Card className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`Applications to ${opportunity.title}`}</caption>
          <thead className="border-stone-200 border-b bg-stone-50 text-stone-700 text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Applicant
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Applied
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Coins
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {applications.map((application) => (
              <Fragment key={application.id}>
                <tr className={application.hoursUnderReview ? "border-b-0 align-middle" : "align-middle"}>
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="block font-semibold text-stone-900">
                      {applicantName(application.user)}
                    </span>
                    <span className="block break-all text-stone-600 text-xs">{application.user.email}</span>
                  </th>
                  <td className="whitespace-nowrap px-4 py-3">
                    <AppliedAt iso={application.appliedAt} />
                  </td>
                  <td className="px-4 py-3">
                    <ApplicationStatusBadge status={application.status} audience="admin" />
                  </td>
                  <td className="px-4 py-3 text-right font-semibold text-stone-900 tabular-nums">
                    {application.coinsAwarded}
                  </td>
                  <td className="px-4 py-3">
                    <ApplicationRowActions application={application} opportunity={opportunity} />
                  </td>
                </tr>
                {application.hoursUnderReview && (
                  // The submission under review under its row, the full width: what was done reads as a paragraph.
                  <tr>
                    <td colSpan={5} className="px-4 pt-0 pb-4">
                      <HoursDetails
                        className="max-w-3xl rounded-xl bg-stone-50 p-3"
                        served={application.hoursUnderReview}
                        verification={application.hoursUnderReview.verification}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </Card>

      <ul className="grid gap-3 md:hidden" aria-label={`Applications to ${opportunity.title}`}>
        {applications.map((application) => (
          <li key={application.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-semibold text-stone-900">{applicantName(application.user)}</p>
                  <p className="break-all text-stone-600 text-xs">{application.user.email}</p>
                </div>
                <ApplicationStatusBadge status={application.status} audience="admin" />
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-stone-600 text-xs">Applied</dt>
                  <dd>
                    <AppliedAt iso={application.appliedAt} />
                  </dd>
                </div>
                <div>
                  <dt className="text-stone-600 text-xs">Coins awarded</dt>
                  <dd className="font-semibold text-stone-900">{application.coinsAwarded}</dd>
                </div>
              </dl>
              {application.hoursUnderReview && (
                <HoursDetails
                  className="rounded-xl bg-stone-50 p-3"
                  served={application.hoursUnderReview}
                  verification={application.hoursUnderReview.verification}
                />
              )}
              <ApplicationRowActions application={application} opportunity={opportunity} />
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
