// /opportunities: every open public opportunity, searched, filtered and sorted by the server
// (docs/product-rules.md §12, ADR 0034). The filters live in the address, so a search can be shared and a reload
// restores it; the list grows a page at a time with 'Show more'.
import { Button } from "@client/components/ui/button";
import { DialogClose, DialogContent, DialogRoot, DialogTrigger } from "@client/components/ui/dialog";
import { EmptyState } from "@client/components/ui/empty-state";
import { Input, NativeSelect } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Skeleton } from "@client/components/ui/skeleton";
import { useUserApplications } from "@client/features/applications/api";
import { useCurrentUser } from "@client/features/auth/api";
import { OpportunityCard, ShowMore } from "@client/features/opportunities";
import { useOpportunitySearch } from "@client/features/opportunities/api";
import { formatNumber } from "@client/lib/format-number";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { OpportunitySort } from "@shared/contract/opportunities";
import { Search, SearchX, SlidersHorizontal } from "lucide-react";
import { useId, useMemo } from "react";
import { FilterPanel } from "./filter-panel";
import {
  activeFilterCount,
  effectiveSort,
  listQueryOf,
  SEARCH_PAGE_SIZE,
  SORT_LABELS,
  sortsFor,
} from "./opportunity-filters";
import { useFilterAddress, useIsWideScreen, useTypedFilter } from "./use-filter-address";

const EMPTY_FILTERS = {
  type: [],
  skills: [],
  duration: [],
  location: "",
  hasRoom: false,
  minCoinsPerHour: "",
  startsFrom: "",
};

export default function OpportunitiesScreen() {
  const { user } = useCurrentUser();
  const isStudent = user?.role === "student";
  const { filters, update } = useFilterAddress();
  const [search, setSearch] = useTypedFilter("search", filters.search, update);
  const [location, setLocation] = useTypedFilter("location", filters.location, update);
  const [minCoins, setMinCoins] = useTypedFilter("minCoinsPerHour", filters.minCoinsPerHour, update);
  const isWide = useIsWideScreen();
  const searchId = useId();
  const sortId = useId();

  const feed = useOpportunitySearch(listQueryOf(filters, isStudent), SEARCH_PAGE_SIZE);
  const applications = useUserApplications(user?.id, { enabled: isStudent });
  useSendToLoginWhenUnauthorized(feed.error);
  const myApplications = applications.data;
  const appliedIds = useMemo(
    () => new Set(myApplications?.map((application) => application.opportunityId)),
    [myApplications],
  );

  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((page) => page.opportunities);
  const total = pages[0]?.total ?? 0;
  const activeCount = activeFilterCount(filters);
  const sort = effectiveSort(filters, isStudent);
  const clearFilters = () => update(EMPTY_FILTERS);

  const panel = (
    <FilterPanel
      filters={filters}
      update={update}
      location={location}
      onLocationChange={setLocation}
      minCoins={minCoins}
      onMinCoinsChange={setMinCoins}
      onClear={clearFilters}
      activeCount={activeCount}
    />
  );

  return (
    <Page>
      <PageHeader
        title="Find Opportunities"
        description="Search every open opportunity by what it asks, when and where it happens and what it pays."
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr] lg:items-start">
        {isWide && (
          <aside
            aria-label="Filters"
            className="rounded-2xl border border-stone-200 bg-white p-5 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto"
          >
            {panel}
          </aside>
        )}
        <div className="grid min-w-0 gap-5">
          <search className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <div className="relative">
              <label htmlFor={searchId} className="sr-only">
                Search opportunities
              </label>
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
              />
              <Input
                id={searchId}
                type="search"
                placeholder="Search by title, description or skill"
                value={search}
                maxLength={200}
                onChange={(event) => setSearch(event.target.value)}
                className="pl-9"
              />
            </div>
            <div className="flex items-center gap-2">
              {!isWide && (
                <DialogRoot>
                  <DialogTrigger asChild>
                    <Button variant="outline" className="shrink-0">
                      <SlidersHorizontal aria-hidden className="size-4" />
                      {activeCount > 0 ? `Filters (${activeCount})` : "Filters"}
                    </Button>
                  </DialogTrigger>
                  <DialogContent title="Filters" description="The list updates as you choose.">
                    {panel}
                    {/* Always in reach at the bottom of a long dialog: back to the list it has narrowed. */}
                    <div className="sticky -bottom-6 -mx-6 -mb-6 border-stone-200 border-t bg-white px-6 py-4">
                      <DialogClose asChild>
                        <Button className="w-full">
                          {feed.isPending
                            ? "Show results"
                            : `Show ${formatNumber(total)} ${total === 1 ? "result" : "results"}`}
                        </Button>
                      </DialogClose>
                    </div>
                  </DialogContent>
                </DialogRoot>
              )}
              <label htmlFor={sortId} className="shrink-0 font-medium text-sm text-stone-800">
                Sort by
              </label>
              <NativeSelect
                id={sortId}
                value={sort}
                onChange={(event) => update({ sort: event.target.value as OpportunitySort })}
                className="min-w-0 sm:w-48"
              >
                {sortsFor(filters.search.trim() !== "", isStudent).map((option) => (
                  <option key={option} value={option}>
                    {SORT_LABELS[option]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </search>
          {feed.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Skeleton className="h-56" />
              <Skeleton className="h-56" />
              <Skeleton className="h-56" />
            </div>
          ) : feed.isError && items.length === 0 ? (
            <LoadError what="opportunities" error={feed.error} onRetry={() => feed.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title="No opportunities match these filters"
              headingLevel={2}
              action={
                activeCount > 0 || filters.search ? (
                  <Button variant="outline" onClick={() => update({ ...EMPTY_FILTERS, search: "" })}>
                    Clear Filters
                  </Button>
                ) : undefined
              }
            >
              {activeCount > 0
                ? "Try loosening them: fewer skills or types, an earlier start date or a lower minimum reward."
                : filters.search
                  ? "Try other words, or fewer of them."
                  : "There are no open opportunities right now. New ones appear here as they are published."}
            </EmptyState>
          ) : (
            <>
              {/* The cards' titles are h3s: the outline needs the level between them and the page's h1. */}
              <h2 className="sr-only">Results</h2>
              <ul className="grid gap-4 sm:grid-cols-2" aria-busy={feed.isPlaceholderData}>
                {items.map((opportunity) => (
                  <li key={opportunity.id} className="grid">
                    <OpportunityCard opportunity={opportunity} hasApplied={appliedIds.has(opportunity.id)} />
                  </li>
                ))}
              </ul>
              <ShowMore shown={items.length} total={total} feed={feed} />
            </>
          )}
        </div>
      </div>
    </Page>
  );
}
