import { applicantName } from "@client/features/applications";
import { paths } from "@client/lib/paths";
import type { AdminApplication } from "@shared/contract/applications";
import { Link } from "react-router";

/** Who applied to what: the first lines of every dashboard list item. */
export function ApplicationSummary({ application }: { application: AdminApplication }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <p className="truncate font-semibold text-stone-900">{applicantName(application.user)}</p>
      <p className="truncate text-stone-600 text-xs">{application.user.email}</p>
      <p className="truncate text-sm text-stone-700">
        {/* 24 px tall, the smallest target WCAG 2.5.8 allows without spacing. */}
        <Link
          to={paths.adminApplications(application.opportunity.id)}
          className="inline-block max-w-full truncate align-top leading-6 underline-offset-2 hover:text-saffron-800 hover:underline"
        >
          {application.opportunity.title}
        </Link>
      </p>
    </div>
  );
}
