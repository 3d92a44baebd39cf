// The students' feed's filters, full-text search and orders (docs/product-rules.md §12, ADR 0034). The search
// reads the weighted `search_vector` (title A; skills and short description B; full description C) through its GIN
// index on both engines; every order ends on the id, so pages never repeat or skip a row.

import { applications, opportunities, waitlistEntries } from "@server/db/schema";
import { containsPattern } from "@server/lib/sql";
import type { OpportunityListQuery } from "@shared/contract/opportunities";
import { desc, gte, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import { PLACE_FREE_STATUSES } from "../decisions/decision-locks";

/** At most this many words of a search make its prefix variant; the rest narrow nothing further. */
const PREFIX_WORDS = 8;

/** India keeps one offset all year: a day there starts at 00:00 +05:30. */
const SCHOOL_DAY_START_OFFSET = "+05:30";

/**
 * The text search as one tsquery: `websearch_to_tsquery` (quotes for phrases, `-word` to exclude, `or`), or, for
 * plain words, the words before the last one and the last one as a prefix (`teach:*`), so a half-typed word
 * already finds something. The prefix is tried both as typed ('simple': 'kathaiditimy' must not become the stem
 * 'kathaiditimi') and stemmed ('teaching' finds 'teach'). Undefined without search text.
 */
export function searchQuery(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const web = sql`websearch_to_tsquery('english', ${text})`;
  const isPlain = !/["]|(^|\s)-|(^|\s)or(\s|$)/i.test(text);
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, PREFIX_WORDS) ?? [];
  const last = words.pop();
  // As a scalar subquery the query is parsed once per statement (an InitPlan), not once per row, and the planner
  // reads the GIN index for it (ADR 0034: 0.13 ms against 4.8 ms for a seq scan re-parsing it on 500 rows).
  if (!isPlain || last === undefined) return sql`(select ${web})`;
  const prefix = `${last}:*`;
  const lastWord = sql`(to_tsquery('simple', ${prefix}) || to_tsquery('english', ${prefix}))`;
  const typed = words.length ? sql`(to_tsquery('english', ${words.join(" & ")}) && ${lastWord})` : lastWord;
  return sql`(select ${web} || ${typed})`;
}

/** Has a free place: no capacity, or fewer applications holding a place than it. */
/**
 * Room as the apply path counts it (decision-locks.ts `hasRoomLeft`): applications holding a place, and live
 * waiting-list offers, which hold theirs for 48 hours, below the capacity.
 */
const hasRoom = sql`(${opportunities.capacity} is null or (
  (select count(*) from ${applications} where ${applications.opportunityId} = ${opportunities.id}
     and ${notInArray(applications.status, [...PLACE_FREE_STATUSES])})
  + (select count(*) from ${waitlistEntries} where ${waitlistEntries.opportunityId} = ${opportunities.id}
     and ${waitlistEntries.status} = 'offered' and ${waitlistEntries.offerExpiresAt} > now())
  ) < ${opportunities.capacity})`;

/** The filters of a feed query, each undefined when not asked for. */
export function feedFilters(query: OpportunityListQuery, search: SQL | undefined): (SQL | undefined)[] {
  return [
    search ? sql`${opportunities.searchVector} @@ ${search}` : undefined,
    query.type ? inArray(opportunities.type, query.type) : undefined,
    query.duration ? inArray(opportunities.duration, query.duration) : undefined,
    query.skills ? sql`${opportunities.skills} && ${sql.param(query.skills)}::text[]` : undefined,
    query.location ? sql`${opportunities.location} ilike ${containsPattern(query.location)}` : undefined,
    query.hasRoom ? hasRoom : undefined,
    query.minCoinsPerHour ? gte(opportunities.coinsPerHour, query.minCoinsPerHour) : undefined,
    query.startsFrom
      ? gte(opportunities.startsAt, new Date(`${query.startsFrom}T00:00:00${SCHOOL_DAY_START_OFFSET}`))
      : undefined,
  ];
}

/** What a student said they like (their profile's interests): 'recommended' ranks by it. */
export interface Interests {
  skills: readonly string[];
  types: readonly string[];
}

/**
 * How well an opportunity matches a person's interests: one per shared skill, one more when its type is among
 * their types. Each skill is its own containment test (`@>`, in C), not a subquery over the opportunity's skills
 * per row: 8 ms against 16–25 for a ranking of 4,000 (docs/performance.md, twenty-first pass). The statement's
 * text thus varies with the number of skills, at most SKILLS.length + 1 forms.
 */
function interestMatch(interests: Interests): SQL {
  const skills = [...new Set(interests.skills)].map(
    (skill) => sql`(${opportunities.skills} @> array[${skill}]::text[])::int`,
  );
  const type = sql`(${opportunities.type} = any(${sql.param([...interests.types])}::text[]))::int`;
  return sql`(${sql.join([...skills, type], sql` + `)})`;
}

const newest = [desc(opportunities.createdAt), desc(opportunities.id)];
const bestPaid = [desc(opportunities.coinsPerHour), ...newest];

/** The order of a feed query. */
export interface FeedOrder {
  /**
   * A value computed for each row (interests matched, a search's relevance), the order's first term, highest
   * first; none when the whole order is read from columns an index gives.
   */
  rank?: SQL;
  /** The order's terms after the rank, on the opportunity's own columns. */
  terms: SQL[];
}

/**
 * The order of a feed query. Relevance without search text is newest first; recommended without interests (for
 * someone who gave none, whose matches would all be 0) is reward order.
 */
export function feedOrder(
  query: Pick<OpportunityListQuery, "sort"> & { interests?: Interests },
  search: SQL | undefined,
): FeedOrder {
  switch (query.sort ?? (search ? "relevance" : "new")) {
    case "high_reward":
      return { terms: bestPaid };
    case "relevance":
      return search
        ? {
            rank: sql`ts_rank_cd('{0.05, 0.1, 0.3, 1.0}', ${opportunities.searchVector}, ${search})`,
            terms: newest,
          }
        : { terms: newest };
    case "soonest":
      return { terms: [sql`${opportunities.startsAt} asc nulls last`, ...newest] };
    case "recommended":
      return query.interests === undefined
        ? { terms: bestPaid }
        : { rank: interestMatch(query.interests), terms: bestPaid };
    default:
      return { terms: newest };
  }
}
