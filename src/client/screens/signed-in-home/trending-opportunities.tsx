import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { OpportunityCard } from "@client/features/opportunities";
import { cn } from "@client/lib/cn";
import type { Opportunity } from "@shared/contract/opportunities";
import { Sprout } from "lucide-react";
import { HOT_COUNT, TRENDING_COUNT } from "./home-summary";

interface TrendingOpportunitiesProps {
  opportunities: readonly Opportunity[];
  appliedIds: ReadonlySet<number>;
}

// On phones the cards form one row that scrolls sideways (the next card peeks in), so the feed takes one card's
// height instead of six; from `sm` up they are a grid (ADR 0029). Each card's link takes the keyboard along.
const LIST_CLASSES =
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3";
const ITEM_CLASSES = "grid w-[82%] max-w-xs shrink-0 snap-start sm:w-auto sm:max-w-none";

export function TrendingOpportunities({ opportunities, appliedIds }: TrendingOpportunitiesProps) {
  if (opportunities.length === 0) {
    return (
      <EmptyState icon={Sprout} title="New opportunities are growing!">
        Fresh ways to help are on their way. Check back soon.
      </EmptyState>
    );
  }
  return (
    <ul className={LIST_CLASSES}>
      {opportunities.slice(0, TRENDING_COUNT).map((opportunity, index) => (
        <li key={opportunity.id} className={ITEM_CLASSES}>
          <OpportunityCard
            opportunity={opportunity}
            tag={index < HOT_COUNT ? "Hot" : "New"}
            hasApplied={appliedIds.has(opportunity.id)}
          />
        </li>
      ))}
    </ul>
  );
}

export function TrendingOpportunitiesSkeleton() {
  return (
    <ul aria-hidden className={LIST_CLASSES}>
      {Array.from({ length: TRENDING_COUNT }, (_, index) => (
        // The shape of a card without a picture (most are), so little moves when the cards arrive.
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          key={index}
          className={cn(ITEM_CLASSES, "gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5")}
        >
          <div className="flex items-center gap-3">
            <Skeleton className="size-12 rounded-xl" />
            <Skeleton className="h-5 w-32" />
          </div>
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-10" />
          <Skeleton className="h-9" />
        </li>
      ))}
    </ul>
  );
}
