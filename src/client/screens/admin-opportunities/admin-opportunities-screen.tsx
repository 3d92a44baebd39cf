import { buttonClasses } from "@client/components/ui/button";
import { EmptyState } from "@client/components/ui/empty-state";
import { Field, InputField, NativeSelect } from "@client/components/ui/field";
import { ListPager } from "@client/components/ui/list-pager";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { SkeletonList } from "@client/components/ui/skeleton";
import { useCurrentUser } from "@client/features/auth/api";
import { useAdminOpportunitiesPage } from "@client/features/opportunities/api";
import { ManagerList } from "@client/features/opportunity-manager";
import { STATUS_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
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
/** A page of the manager: a screen or two of table rows, however many opportunities the school has. */
export const MANAGER_PAGE_SIZE = 25;
/** Every admin list of opportunities, whatever its filter or page (see queryKeys.adminOpportunitiesPage). */
const ADMIN_OPPORTUNITIES_KEY = ["admin", "opportunities"];

/**
 * /admin/opportunities. The search (debounced), the status filter and the pages are the server's, so every one of
 * a school's opportunities can be found; a change of filter goes back to the first page.
 */
export default function OpportunityManager() {
  const { user } = useCurrentUser();
  const isAdmin = user?.role === "admin";
  const [status, setStatus] = useState<StatusFilter>("open");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const term = useDebouncedValue(search.trim());
  const list = useAdminOpportunitiesPage(
    { status, search: term || undefined, limit: MANAGER_PAGE_SIZE, offset },
    { enabled: isAdmin },
  );
  // Students apply and submit hours meanwhile: the counts of a list seen earlier may be out of date.
  useRefreshOnVisit(ADMIN_OPPORTUNITIES_KEY);
  useSendToLoginWhenUnauthorized(list.error);

  if (!isAdmin) return null;

  const page = list.data;
  const isFiltered = term !== "" || status !== "all";

  return (
    <Page>
      <div className="mb-6 flex flex-col gap-x-6 sm:mb-0 sm:flex-row sm:items-start sm:justify-between">
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
          onChange={(event) => {
            setSearch(event.target.value);
            setOffset(0);
          }}
        />
        <Field label="Status">
          {(control) => (
            <NativeSelect
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as StatusFilter);
                setOffset(0);
              }}
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
      {page ? (
        <div className="grid min-w-0 gap-4" aria-busy={list.isPlaceholderData}>
          <ListPager
            offset={offset}
            pageSize={MANAGER_PAGE_SIZE}
            shown={page.items.length}
            total={page.total}
            what={["opportunities", "opportunity"]}
            onOffsetChange={setOffset}
          />
          {page.items.length === 0 ? (
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
            <ManagerList opportunities={page.items} />
          )}
        </div>
      ) : list.isError ? (
        <LoadError what="the opportunities" error={list.error} onRetry={list.refetch} />
      ) : (
        <SkeletonList
          count={SKELETON_COUNT}
          className="grid gap-5"
          itemClassName="h-24 rounded-2xl"
          label="Loading opportunities"
        />
      )}
    </Page>
  );
}
