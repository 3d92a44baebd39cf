// The /opportunities screen's filters and sort, kept in the address (docs/product-rules.md §12) under the API's
// own parameter names, so a shared link reopens the same search and the server receives the same question.
// Values the address may hold but the API would refuse are left out rather than failing the page.
import type { OpportunitySort } from "@shared/contract/opportunities";
import {
  DURATIONS,
  type Duration,
  OPPORTUNITY_TYPES,
  type OpportunityType,
  SKILLS,
  type Skill,
} from "@shared/domain/enums";

export interface OpportunityFilters {
  search: string;
  type: OpportunityType[];
  skills: Skill[];
  duration: Duration[];
  location: string;
  hasRoom: boolean;
  minCoinsPerHour: string;
  startsFrom: string;
  /** As chosen; undefined means the default (relevance while searching, else newest). */
  sort: OpportunitySort | undefined;
}

export const SORT_LABELS: Record<OpportunitySort, string> = {
  relevance: "Relevance",
  new: "Newest",
  high_reward: "Highest Reward",
  soonest: "Starting Soonest",
  recommended: "Recommended for You",
};

const STUDENT_ONLY_SORTS: readonly OpportunitySort[] = ["recommended"];

/**
 * Opportunities asked for at a time; 'Show more' asks for the next ones. Fills rows of two (beside the filters,
 * three would clip the cards' facts).
 */
export const SEARCH_PAGE_SIZE = 12;

const oneOf = <T extends string>(choices: readonly T[], values: string[]): T[] =>
  choices.filter((choice) => values.includes(choice));

const isWholeCoins = (value: string) =>
  /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 1000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export function filtersFromParams(params: URLSearchParams): OpportunityFilters {
  const sort = params.get("sort") ?? "";
  const minCoins = params.get("minCoinsPerHour") ?? "";
  const startsFrom = params.get("startsFrom") ?? "";
  return {
    search: (params.get("search") ?? "").slice(0, 200),
    type: oneOf(OPPORTUNITY_TYPES, params.getAll("type")),
    skills: oneOf(SKILLS, params.getAll("skills")),
    duration: oneOf(DURATIONS, params.getAll("duration")),
    location: (params.get("location") ?? "").slice(0, 200),
    hasRoom: params.get("hasRoom") === "true",
    minCoinsPerHour: isWholeCoins(minCoins) ? minCoins : "",
    startsFrom: isDay(startsFrom) ? startsFrom : "",
    sort: sort in SORT_LABELS ? (sort as OpportunitySort) : undefined,
  };
}

/** The address's parameters for some filters: only what is set, in a fixed order. */
export function paramsFromFilters(filters: OpportunityFilters): URLSearchParams {
  const params = new URLSearchParams();
  const text = (name: string, value: string) => {
    if (value.trim()) params.set(name, value.trim());
  };
  text("search", filters.search);
  for (const type of filters.type) params.append("type", type);
  for (const skill of filters.skills) params.append("skills", skill);
  for (const duration of filters.duration) params.append("duration", duration);
  text("location", filters.location);
  if (filters.hasRoom) params.set("hasRoom", "true");
  text("minCoinsPerHour", filters.minCoinsPerHour);
  text("startsFrom", filters.startsFrom);
  if (filters.sort) params.set("sort", filters.sort);
  return params;
}

/** The sorts offered: relevance only while searching, recommended only to students. */
export function sortsFor(isSearching: boolean, isStudent: boolean): OpportunitySort[] {
  return (Object.keys(SORT_LABELS) as OpportunitySort[]).filter(
    (sort) => (sort !== "relevance" || isSearching) && (isStudent || !STUDENT_ONLY_SORTS.includes(sort)),
  );
}

/** The order the list is in: the chosen one if it is offered, else relevance while searching, else newest. */
export function effectiveSort(filters: OpportunityFilters, isStudent: boolean): OpportunitySort {
  const offered = sortsFor(filters.search.trim() !== "", isStudent);
  if (filters.sort && offered.includes(filters.sort)) return filters.sort;
  return filters.search.trim() ? "relevance" : "new";
}

/** How many filters narrow the list (the search text and the sort are not filters). */
export function activeFilterCount(filters: OpportunityFilters): number {
  return [
    filters.type.length > 0,
    filters.skills.length > 0,
    filters.duration.length > 0,
    filters.location.trim() !== "",
    filters.hasRoom,
    filters.minCoinsPerHour !== "",
    filters.startsFrom !== "",
  ].filter(Boolean).length;
}

/** The server's question: the filters that are set, in the API's shape. */
export function listQueryOf(filters: OpportunityFilters, isStudent: boolean) {
  const search = filters.search.trim();
  return {
    search: search || undefined,
    type: filters.type.length ? filters.type : undefined,
    skills: filters.skills.length ? filters.skills : undefined,
    duration: filters.duration.length ? filters.duration : undefined,
    location: filters.location.trim() || undefined,
    hasRoom: filters.hasRoom ? ("true" as const) : undefined,
    minCoinsPerHour: filters.minCoinsPerHour ? Number(filters.minCoinsPerHour) : undefined,
    startsFrom: filters.startsFrom || undefined,
    sort: effectiveSort(filters, isStudent),
  };
}
