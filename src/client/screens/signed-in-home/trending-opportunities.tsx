import { EmptyState } from "@client/components/ui/empty-state";
import { Skeleton } from "@client/components/ui/skeleton";
import { OpportunityCard } from "@client/features/opportunities";
import type { Opportunity } from "@shared/contract/opportunities";
import { Sprout } from "lucide-react";
import { HOT_COUNT, TRENDING_COUNT } from "./home-summary";

interface TrendingOpportunitiesProps {
  opportunities: readonly Opportunity[];
  appliedIds: ReadonlySet<number>;
}

export function TrendingOpportunities({ opportunities, appliedIds }: TrendingOpportunitiesProps) {
  if (opportunities.length === 0) {
    return (
      <EmptyState icon={Sprout} title="New opportunities are growing!">
        Fresh ways to help are on their way. Check back soon.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {opportunities.slice(0, TRENDING_COUNT).map((opportunity, index) => (
        <li key={opportunity.id} className="grid">
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
    <ul aria-hidden className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: TRENDING_COUNT }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={index} className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-12" />
          </div>
        </li>
      ))}
    </ul>
  );
}
