// The 'Discover' list of the student dashboard (docs/product-spec.md §2, §9): open opportunities the student
// has not applied to, narrowed by a search and ordered by one of four sorts. The server searches, filters, sorts
// and pages (GET /api/opportunities with hideApplied); this file says which question each sort asks it.
import type { Duration } from "@shared/domain/enums";

export const DISCOVER_SORTS = ["recommended", "high_reward", "quick_wins", "new"] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

export const DISCOVER_SORT_LABELS: Record<DiscoverSort, string> = {
  recommended: "Recommended",
  high_reward: "High Reward",
  quick_wins: "Quick Wins",
  new: "Newest",
};

/** Opportunities asked for at a time; 'Show more' asks for the next ones. Fills rows of two and of three. */
export const DISCOVER_PAGE_SIZE = 12;
/** Quick wins: work done in a day or a few. */
export const QUICK_DURATIONS: readonly Duration[] = ["instant", "1-3days"];

export interface DiscoverQuery {
  search?: string;
  sort: "new" | "high_reward" | "recommended";
  duration?: Duration[];
}

/**
 * The server's question for a sort and a search: recommended ranks by the match with the student's interests,
 * then reward (the server knows the interests); high reward puts the best paid first.
 */
export function discoverQuery(sort: DiscoverSort, search: string): DiscoverQuery {
  const text = search.trim() || undefined;
  switch (sort) {
    case "recommended":
      return { search: text, sort: "recommended" };
    case "high_reward":
      return { search: text, sort: "high_reward" };
    case "quick_wins":
      return { search: text, sort: "new", duration: [...QUICK_DURATIONS] };
    case "new":
      return { search: text, sort: "new" };
  }
}
