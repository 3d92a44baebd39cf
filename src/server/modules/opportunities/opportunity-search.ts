// The students' feed's filters, full-text search and orders (docs/product-rules.md §12, ADR 0034). The search
// reads the weighted `search_vector` (title A; skills and short description B; full description C; each stemmed
// and as written, ADR 0079) through its GIN index on both engines; every order ends on the id, so pages never
// repeat or skip a row.

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
 * already finds something. The prefix is tried both as typed ('simple'), against the words as written, which the
 * document also holds ('educati' finds 'education', whose stem 'educ' it is not: ADR 0079), and stemmed ('teaching'
 * finds 'teach' and 'teacher'). Undefined without search text.
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

/**
 * What a student said they like (their profile's interests): 'recommended' ranks by it. Each term is a value, or
 * the placeholder of one in a statement built once per shape (opportunities.service.ts `firstPage`); the terms are
 * distinct (`distinctInterests`).
 */
export interface Interests<Term = string> {
  skills: readonly Term[];
  types: readonly Term[];
}

/** The interests without repeats, as every statement ranking by them takes them. */
export function distinctInterests(interests: Interests): Interests {
  return { skills: [...new Set(interests.skills)], types: [...new Set(interests.types)] };
}

/** `array[…]::text[]` of the terms, values or placeholders alike. */
const textArray = (terms: readonly unknown[]) =>
  sql`array[${sql.join(
    terms.map((term) => sql`${term}`),
    sql`, `,
  )}]::text[]`;

/**
 * How well an opportunity matches a person's interests: one per shared skill, one more when its type is among
 * their types. Each skill is its own containment test (`@>`, in C), not a subquery over the opportunity's skills
 * per row: 8 ms against 16–25 for a ranking of 4,000 (docs/performance.md, twenty-first pass). The statement's
 * text thus varies with the number of skills and of types.
 */
function interestMatch(interests: Interests<unknown>): SQL {
  const skills = interests.skills.map(
    (skill) => sql`(${opportunities.skills} @> ${textArray([skill])})::int`,
  );
  const type =
    interests.types.length === 0
      ? sql`0`
      : sql`(${opportunities.type} = any(${textArray(interests.types)}))::int`;
  return sql`(${sql.join([...skills, type], sql` + `)})`;
}

/**
 * The most combinations of interests whose opportunities 'recommended' finds through the interest terms' index:
 * each is one search of it. Past this, a student who gave most skills shares two or three with most opportunities
 * anyway, and every match is ranked (ADR 0077).
 */
export const MOST_INTEREST_SEARCHES = 15;

/** The ranks from which 'recommended' finds its candidates through the index, highest first (ADR 0077). */
const INDEXED_FROM = [3, 2] as const;

/**
 * A rank by interests: the opportunities ranked `from` or more, found through `opportunities_interest_terms_idx`
 * (skills and type in one array) as those containing one of the person's combinations of `from` interests. An
 * opportunity has one type, so no combination holds two; `false` when none is that large.
 */
export interface IndexedRanks {
  from: number;
  condition: SQL;
}

/** The combinations of `size` interests, with at most one type among them. */
function combinations<Term>(interests: Interests<Term>, size: number): Term[][] {
  const { skills, types } = interests;
  const ofSkills = (first: number, count: number): Term[][] =>
    count === 0
      ? [[]]
      : skills
          .slice(first)
          .flatMap((skill, index) => ofSkills(first + index + 1, count - 1).map((rest) => [skill, ...rest]));
  return [
    ...ofSkills(0, size),
    ...types.flatMap((type) => ofSkills(0, size - 1).map((rest) => [...rest, type])),
  ];
}

/**
 * The highest rank from which the opportunities can be found through the index in at most MOST_INTEREST_SEARCHES
 * searches, so that the ranks below it are few to walk (the best paid of each, in reward order); undefined when
 * none can, and every match is ranked.
 */
function indexedRanks(interests: Interests<unknown>): IndexedRanks | undefined {
  const answered = sql`(${opportunities.skills} || ${opportunities.type})`;
  for (const from of INDEXED_FROM) {
    const searches = combinations(interests, from);
    if (searches.length > MOST_INTEREST_SEARCHES) continue;
    const condition =
      searches.length === 0
        ? sql`false`
        : sql`(${sql.join(
            searches.map((search) => sql`${answered} @> ${textArray(search)}`),
            sql` or `,
          )})`;
    return { from, condition };
  }
  return undefined;
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
  /**
   * With a rank by interests, a whole number from 0: the matches ranked from some rank up, found by an index. A
   * page is then taken from those and from the best paid of each rank below, which the reward order's index
   * gives, instead of from every match ranked (ADR 0077). Undefined: every match is ranked.
   */
  indexed?: IndexedRanks;
}

/**
 * The order of a feed query. Relevance without search text is newest first; recommended without interests (for
 * someone who gave none, whose matches would all be 0) is reward order.
 */
export function feedOrder(
  query: Pick<OpportunityListQuery, "sort"> & { interests?: Interests<unknown> },
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
        : {
            rank: interestMatch(query.interests),
            terms: bestPaid,
            indexed: indexedRanks(query.interests),
          };
    default:
      return { terms: newest };
  }
}
