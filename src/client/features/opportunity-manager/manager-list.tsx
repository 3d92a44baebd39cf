import { Card } from "@client/components/ui/card";
import { OpportunityTypeTag } from "@client/features/opportunities";
import { formatDate } from "@client/lib/format";
import { paths } from "@client/lib/paths";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { Link } from "react-router";
import { HoursProgress } from "./hours-progress";
import { ManagerCard, PrivateTag } from "./manager-card";
import { MANAGER_COUNTS, ManagerActions, ManagerCount, ManagerStatusBadge } from "./manager-parts";

/**
 * One page of the manager: a table on wide screens, a list of compact cards on phones (the pattern of the
 * applications table). Both are built from the same parts (manager-parts.tsx, hours-progress.tsx).
 */
export function ManagerList({ opportunities }: { opportunities: readonly AdminOpportunity[] }) {
  return (
    <>
      <Card className="hidden min-w-0 overflow-x-auto lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Opportunities</caption>
          <thead className="border-stone-200 border-b bg-stone-50 text-stone-700 text-xs">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Opportunity
              </th>
              <th scope="col" className="px-2 py-2.5 font-semibold">
                Status
              </th>
              {MANAGER_COUNTS.map(({ key, label }) => (
                <th key={key} scope="col" className="w-16 px-2 py-2.5 text-right font-semibold leading-tight">
                  {label}
                </th>
              ))}
              <th scope="col" className="w-32 px-3 py-2.5 font-semibold">
                Hours completed
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {opportunities.map((opportunity) => (
              <ManagerRow key={opportunity.id} opportunity={opportunity} />
            ))}
          </tbody>
        </table>
      </Card>
      <ul className="grid gap-3 lg:hidden" aria-label="Opportunities">
        {opportunities.map((opportunity) => (
          <li key={opportunity.id}>
            <ManagerCard opportunity={opportunity} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ManagerRow({ opportunity }: { opportunity: AdminOpportunity }) {
  const { id, title } = opportunity;
  const requiredHours = opportunity.totalRequiredHours ?? 0;
  return (
    <tr className="align-top">
      <th scope="row" className="min-w-48 px-4 py-3 text-left font-normal">
        <Link
          to={paths.opportunity(id)}
          className="break-words font-semibold text-stone-900 underline-offset-2 hover:text-saffron-800 hover:underline"
        >
          {title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-600 text-xs">
          <OpportunityTypeTag type={opportunity.type} />
          {opportunity.visibility === "private" && <PrivateTag />}
          <span>{`Created ${formatDate(opportunity.createdAt)}`}</span>
        </div>
      </th>
      <td className="px-2 py-3">
        <ManagerStatusBadge status={opportunity.status} />
      </td>
      {MANAGER_COUNTS.map((count) => (
        <td key={count.key} className="px-2 py-3 text-right font-semibold text-stone-900 tabular-nums">
          <ManagerCount opportunity={opportunity} count={count} />
        </td>
      ))}
      <td className="px-3 py-3">
        {requiredHours > 0 ? (
          <HoursProgress
            title={title}
            completedHours={opportunity.completedHours}
            totalRequiredHours={requiredHours}
          />
        ) : (
          <span className="text-stone-600 text-xs">No target</span>
        )}
      </td>
      <td className="min-w-72 py-3 pr-4 pl-2">
        <ManagerActions opportunity={opportunity} className="flex-wrap justify-end" />
      </td>
    </tr>
  );
}
