import { buttonClasses } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { Field, InputField, NativeSelect } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { SkeletonList } from "@client/components/ui/skeleton";
import { useCurrentUser } from "@client/features/auth/api";
import { useAdminOpportunities } from "@client/features/opportunities/api";
import { ManagerCard } from "@client/features/opportunity-manager";
import { STATUS_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import { ADMIN_OPPORTUNITY_LIST_MAX_LIMIT } from "@shared/contract/query-bounds";
import { OPPORTUNITY_STATUSES, type OpportunityStatus } from "@shared/domain/enums";
import { FolderSearch, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

type StatusFilter = OpportunityStatus | "all";

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "open", label: STATUS_LABELS.open },
  { value: "all", label: "All Status" },
  ...OPPORTUNITY_STATUSES.filter((status) => status !== "open").map((status) => ({
    value: status,
    label: STATUS_LABELS[status],
  })),
];

const SKELETON_COUNT = 3;
/** Every admin list of opportunities, whatever its filter (see queryKeys.adminOpportunities). */
const ADMIN_OPPORTUNITIES_KEY = ["admin", "opportunities"];

/**
 * /admin/opportunities. The status filter asks the server; the title search filters what came back, so typing
 * costs no requests.
 */
export default function OpportunityManager() {
  const { user } = useCurrentUser();
  const isAdmin = user?.role === "admin";
  const [status, setStatus] = useState<StatusFilter>("open");
  const [search, setSearch] = useState("");
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const list = useAdminOpportunities(
    { status, limit: ADMIN_OPPORTUNITY_LIST_MAX_LIMIT },
    { enabled: isAdmin },
  );
  // Students apply and submit hours meanwhile: the counts of a list seen earlier may be out of date.
  useRefreshOnVisit(ADMIN_OPPORTUNITIES_KEY);
  useSendToLoginWhenUnauthorized(list.error);

  if (!isAdmin) return null;

  const term = search.trim().toLocaleLowerCase();
  const shown = list.data?.filter((opportunity) => opportunity.title.toLocaleLowerCase().includes(term));
  const isFiltered = term !== "" || status !== "all";

  return (
    <Page>
      <div className="flex flex-col gap-x-6 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader
          title="Opportunity & Application Manager"
          description="Publish opportunities, follow their applications and the hours served."
        />
        <Link to={paths.adminOpportunityNew} className={buttonClasses("primary")}>
          <Plus aria-hidden className="size-4" />
          Create New Opportunity
        </Link>
      </div>
      <search className="mb-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_14rem]">
        <InputField
          label="Search by title"
          type="search"
          value={search}
          placeholder="e.g. Teach maths"
          onChange={(event) => setSearch(event.target.value)}
        />
        <Field label="Status">
          {(control) => (
            <NativeSelect
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              {STATUS_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </search>
      {shown ? (
        <>
          <p role="status" className="mb-4 text-sm text-stone-700">
            {shown.length === 1 ? "1 opportunity" : `${shown.length} opportunities`}
          </p>
          {shown.length === 0 ? (
            <EmptyState
              icon={FolderSearch}
              title="No Opportunities Found"
              headingLevel={2}
              action={
                isFiltered ? undefined : (
                  <Link to={paths.adminOpportunityNew} className={buttonClasses("primary")}>
                    Create Your First Opportunity
                  </Link>
                )
              }
            >
              {isFiltered
                ? "Try adjusting your search or the status filter."
                : "There are no opportunities yet. Create the first one to get students involved."}
            </EmptyState>
          ) : (
            <ul className="grid gap-5">
              {shown.map((opportunity) => (
                <li key={opportunity.id}>
                  <ManagerCard
                    opportunity={opportunity}
                    isExpanded={expandedId === opportunity.id}
                    onToggle={() =>
                      setExpandedId((current) => (current === opportunity.id ? null : opportunity.id))
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : list.isError ? (
        <LoadError what="the opportunities" error={list.error} onRetry={list.refetch} />
      ) : (
        <SkeletonList
          count={SKELETON_COUNT}
          className="grid gap-5"
          itemClassName="h-64 rounded-2xl"
          label="Loading opportunities"
        />
      )}
    </Page>
  );
}
