import { OpportunityTypeTag } from "@client/features/opportunities";
import { formatDate } from "@client/lib/format";
import { countOf } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { Lock } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { HoursProgress } from "./hours-progress";
import { MANAGER_COUNTS, ManagerActions, ManagerCount, ManagerStatusBadge } from "./manager-parts";

/** One opportunity on a phone's manager list: its title, its figures in one row, its bar and its actions. */
export function ManagerCard({ opportunity }: { opportunity: AdminOpportunity }) {
  const titleId = useId();
  const { id, title } = opportunity;
  const requiredHours = opportunity.totalRequiredHours ?? 0;

  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <ManagerStatusBadge status={opportunity.status} />
          <OpportunityTypeTag type={opportunity.type} />
          {opportunity.visibility === "private" && <PrivateTag />}
        </div>
        <h2 id={titleId} className="break-words font-semibold text-base text-stone-900 leading-snug">
          <Link
            to={paths.opportunity(id)}
            className="underline-offset-2 hover:text-saffron-800 hover:underline"
          >
            {title}
          </Link>
        </h2>
        <p className="text-stone-600 text-xs">
          {`Created ${formatDate(opportunity.createdAt)} · ${countOf(opportunity._count.applications, "applicant")}`}
        </p>
      </div>
      <dl className="grid grid-cols-4 gap-1 rounded-lg bg-stone-50 px-2 py-1.5 text-center">
        {MANAGER_COUNTS.map((count) => (
          <div key={count.key} className="grid">
            <dt className="text-[0.6875rem] text-stone-600 leading-tight">{count.label}</dt>
            <dd className="font-semibold text-stone-900">
              <ManagerCount opportunity={opportunity} count={count} />
            </dd>
          </div>
        ))}
      </dl>
      {requiredHours > 0 && (
        <HoursProgress
          title={title}
          completedHours={opportunity.completedHours}
          totalRequiredHours={requiredHours}
        />
      )}
      <ManagerActions opportunity={opportunity} />
    </article>
  );
}

export function PrivateTag() {
  return (
    <span className="inline-flex items-center gap-1 text-stone-700 text-xs">
      <Lock aria-hidden className="size-3.5" />
      Private
    </span>
  );
}
