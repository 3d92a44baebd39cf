import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { Input } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { useCurrentUser } from "@client/features/auth/api";
import { ChooseInterestsHint, InterestMatchLabel } from "@client/features/interests";
import { ShowMore } from "@client/features/opportunities";
import { useDiscoverOpportunities } from "@client/features/opportunities/api";
import { durationText, TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import { useDebouncedValue } from "@client/lib/use-debounced-value";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { Opportunity } from "@shared/contract/opportunities";
import type { Interests } from "@shared/domain/interests";
import { Clock, Coins, Search, SearchX } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { type Ref, useId, useState } from "react";
import { Link } from "react-router";
import {
  DISCOVER_PAGE_SIZE,
  DISCOVER_SORT_LABELS,
  DISCOVER_SORTS,
  type DiscoverSort,
  discoverQuery,
} from "./discover-opportunities";

const NO_INTERESTS: Interests = { skills: [], types: [] };

/**
 * 'Discover': the server searches every open opportunity the student has not applied to, sorts them and sends
 * them a page at a time; 'Show more' adds the next page below.
 */
export function DiscoverSection({ searchRef }: { searchRef?: Ref<HTMLInputElement> }) {
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<DiscoverSort>("recommended");
  const searchId = useId();
  const term = useDebouncedValue(search.trim());
  const feed = useDiscoverOpportunities(discoverQuery(sort, term), DISCOVER_PAGE_SIZE);
  useSendToLoginWhenUnauthorized(feed.error);
  const interests = useCurrentUser().user?.interests ?? NO_INTERESTS;

  const pages = feed.data?.pages ?? [];
  const items = pages.flatMap((page) => page.opportunities);
  const total = pages[0]?.total ?? 0;

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="relative lg:w-80">
          <label htmlFor={searchId} className="sr-only">
            Search opportunities
          </label>
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
          />
          <Input
            ref={searchRef}
            id={searchId}
            type="search"
            placeholder="Search by title, skill or place"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <ToggleGroup.Root
          type="single"
          value={sort}
          onValueChange={(value) => value && setSort(value as DiscoverSort)}
          aria-label="Sort opportunities"
          className="flex flex-wrap gap-1.5"
        >
          {DISCOVER_SORTS.map((option) => (
            <ToggleGroup.Item
              key={option}
              value={option}
              className="rounded-full border border-stone-300 bg-white px-3 py-1.5 font-medium text-sm text-stone-700 hover:border-stone-400 data-[state=on]:border-indigo-700 data-[state=on]:bg-indigo-700 data-[state=on]:text-white"
            >
              {DISCOVER_SORT_LABELS[option]}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
      </div>
      <ChooseInterestsHint interests={interests} />
      {feed.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      ) : feed.isError && items.length === 0 ? (
        <LoadError what="opportunities" error={feed.error} onRetry={() => feed.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={SearchX} title="Nothing to discover here">
          {term || sort === "quick_wins"
            ? "No open opportunity matches. Try another search or sort."
            : "You have applied to every open opportunity. New ones appear here as they are published."}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={feed.isPlaceholderData}>
            {items.map((opportunity) => (
              <li key={opportunity.id}>
                <DiscoverCard opportunity={opportunity} interests={interests} />
              </li>
            ))}
          </ul>
          <ShowMore shown={items.length} total={total} feed={feed} />
        </>
      )}
    </div>
  );
}

function DiscoverCard({ opportunity, interests }: { opportunity: Opportunity; interests: Interests }) {
  return (
    <Card className="grid h-full content-start gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-saffron-100 px-2.5 py-0.5 font-semibold text-saffron-900 text-xs">
          {TYPE_LABELS[opportunity.type]}
        </span>
        <InterestMatchLabel interests={interests} opportunity={opportunity} />
      </div>
      <h3 className="font-semibold text-stone-900 leading-snug">{opportunity.title}</h3>
      <p className="line-clamp-3 text-sm text-stone-700">{opportunity.shortDescription}</p>
      <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
        <div className="flex items-center gap-1.5">
          <dt>
            <Coins aria-hidden className="size-4 text-saffron-700" />
            <span className="sr-only">Reward</span>
          </dt>
          <dd>{`${opportunity.coinsPerHour} coins/hour`}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <Clock aria-hidden className="size-4 text-stone-500" />
            <span className="sr-only">Duration</span>
          </dt>
          <dd>{durationText(opportunity.duration, opportunity.customDuration, "short")}</dd>
        </div>
      </dl>
      <Link to={paths.opportunity(opportunity.id)} className={buttonClasses("outline", "sm")}>
        View & Apply
        <span className="sr-only">{` for ${opportunity.title}`}</span>
      </Link>
    </Card>
  );
}
