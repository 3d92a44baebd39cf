// The 'Discover' list of the student dashboard (docs/product-spec.md §2, §9): open opportunities the student
// has not applied to, narrowed by a search and ordered by one of four sorts.
import type { Opportunity } from "@shared/contract/opportunities";

export const DISCOVER_SORTS = ["recommended", "high_reward", "quick_wins", "new"] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

export const DISCOVER_SORT_LABELS: Record<DiscoverSort, string> = {
  recommended: "Recommended",
  high_reward: "High Reward",
  quick_wins: "Quick Wins",
  new: "Newest",
};

const RECOMMENDED_LIMIT = 6;
const PERFECT_MATCHES = 3;
const QUICK_DURATIONS: ReadonlySet<Opportunity["duration"]> = new Set(["instant", "1-3days"]);

type DiscoverableOpportunity = Pick<
  Opportunity,
  | "id"
  | "title"
  | "shortDescription"
  | "skills"
  | "location"
  | "type"
  | "status"
  | "duration"
  | "coinsPerHour"
  | "createdAt"
>;

interface DiscoverItem<T> {
  opportunity: T;
  isPerfectMatch: boolean;
}

function matchesSearch(opportunity: DiscoverableOpportunity, words: readonly string[]): boolean {
  const haystack = [
    opportunity.title,
    opportunity.shortDescription,
    opportunity.location ?? "",
    opportunity.type.replaceAll("_", " "),
    ...opportunity.skills,
  ]
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

const newestFirst = (a: DiscoverableOpportunity, b: DiscoverableOpportunity) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
const richestFirst = (a: DiscoverableOpportunity, b: DiscoverableOpportunity) =>
  b.coinsPerHour - a.coinsPerHour || newestFirst(a, b);

export function discoverOpportunities<T extends DiscoverableOpportunity>(
  opportunities: readonly T[],
  options: { search: string; sort: DiscoverSort; appliedOpportunityIds: ReadonlySet<number> },
): DiscoverItem<T>[] {
  const words = options.search.toLowerCase().split(/\s+/).filter(Boolean);
  const candidates = opportunities.filter(
    (opportunity) =>
      opportunity.status === "open" &&
      !options.appliedOpportunityIds.has(opportunity.id) &&
      matchesSearch(opportunity, words),
  );
  const plain = (list: T[]) => list.map((opportunity) => ({ opportunity, isPerfectMatch: false }));

  switch (options.sort) {
    case "recommended":
      return candidates
        .sort(richestFirst)
        .slice(0, RECOMMENDED_LIMIT)
        .map((opportunity, index) => ({ opportunity, isPerfectMatch: index < PERFECT_MATCHES }));
    case "high_reward":
      return plain(candidates.sort(richestFirst));
    case "quick_wins":
      return plain(
        candidates.filter((opportunity) => QUICK_DURATIONS.has(opportunity.duration)).sort(newestFirst),
      );
    case "new":
      return plain(candidates.sort(newestFirst));
  }
}
