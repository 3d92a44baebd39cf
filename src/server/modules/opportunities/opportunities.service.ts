// Opportunities: the students' feed (open + public only), one opportunity by id (private ones by link), and the
// admin's management (create, replace, close, delete, list with counts). Deleting cascades to applications and
// hour logs; ledger rows keep the title and lose only the link, so coins already earned stay. An edit never
// lowers the coin cap below coins already paid on one application, so the ledger check always holds.

import { builtOnce, builtOncePerShape, executePlannedOnce } from "@server/db/built-once";
import type { Database, Executor } from "@server/db/client";
import { applications, opportunities, opportunityCounts, opportunityTotals, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest, conflict, notFound } from "@server/errors";
import { DatabaseJson, itemRows, itemsOf, jsonFieldsOf } from "@server/lib/database-json";
import { containsPattern, pageBounds, rowsOf, textLiteral, toIso } from "@server/lib/sql";
import type { Opportunity, OpportunityInput, OpportunityListQuery } from "@shared/contract/opportunities";
import {
  AdminOpportunitySchema,
  datesRefusal,
  OpportunitySchema,
  verificationRefusal,
} from "@shared/contract/opportunities";
import type { OpportunityStatus } from "@shared/domain/enums";
import { type AnyColumn, and, eq, getTableColumns, max, or, type SQL, sql } from "drizzle-orm";
import { lockOpportunity } from "../decisions/decision-locks";
import { opportunityChanged } from "../notifications/events";
import { offerFreedPlaces } from "../waitlist/waitlist.service";
import { OPPORTUNITY_NOT_FOUND } from "./opportunity-exists";
import {
  distinctInterests,
  feedFilters,
  feedOrder,
  type IndexedRanks,
  type Interests,
  searchQuery,
} from "./opportunity-search";

export { OPPORTUNITY_NOT_FOUND };
export const FORMER_ADMIN = { firstName: "Former admin", lastName: "" } as const;

/** A constant of this file as an SQL string literal, so that it is no parameter of the statement. */
const constantText = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** Its applicants, from the maintained totals (ADR 0042): a missing row is an opportunity nobody applied to. */
const applicationCount = sql<number>`coalesce(${opportunityTotals.applications}, 0)`;

/** Every column a response shows: not the search document, which only the database reads. */
const { searchVector: _searchVector, ...shownOpportunityColumns } = getTableColumns(opportunities);
type ShownOpportunity = Omit<typeof opportunities.$inferSelect, "searchVector">;

/** The opportunity and its creator's name (join users on createdBy). */
const opportunityWithCreatorColumns = {
  opportunity: shownOpportunityColumns,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

const opportunityColumns = { ...opportunityWithCreatorColumns, applicationCount };

type OpportunityRow = {
  opportunity: ShownOpportunity;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  applicationCount: number;
};

function toOpportunityWithCreator(
  row: Omit<OpportunityRow, "applicationCount">,
): Omit<Opportunity, "_count"> {
  // The share token and the supervisor's address are left out here, so no list that nests an opportunity can
  // carry them (ADR 0017, ADR 0038).
  const { shareToken: _, supervisorEmail: _email, ...opportunity } = row.opportunity;
  return {
    ...opportunity,
    startsAt: toIso(opportunity.startsAt),
    endsAt: toIso(opportunity.endsAt),
    createdAt: toIso(opportunity.createdAt),
    updatedAt: toIso(opportunity.updatedAt),
    creator:
      row.creatorFirstName === null
        ? { ...FORMER_ADMIN }
        : { firstName: row.creatorFirstName, lastName: row.creatorLastName ?? "" },
  };
}

function toOpportunity(row: OpportunityRow): Opportunity {
  return { ...toOpportunityWithCreator(row), _count: { applications: Number(row.applicationCount) } };
}

/**
 * One opportunity with its creator's name and applicant count, built once (ADR 0051): drizzle building a select of
 * some thirty columns on every opportunity page cost more than the row it reads.
 */
const opportunityById = builtOnce((db) =>
  db
    .select(opportunityColumns)
    .from(opportunities)
    .leftJoin(users, eq(users.id, opportunities.createdBy))
    .leftJoin(opportunityTotals, eq(opportunityTotals.opportunityId, opportunities.id))
    .where(eq(opportunities.id, sql.placeholder("id")))
    .limit(1),
);

/**
 * Listing a viewer's own variants: `notAppliedBy` leaves out what that student applied to (the dashboard's
 * 'Discover'); `interests` are what 'recommended' ranks by (none: reward order).
 */
export type OpenOpportunitiesQuery = OpportunityListQuery & { notAppliedBy?: number; interests?: Interests };

/** The fields of an opportunity in a list: the table's columns among the contract's Opportunity fields. */
const feedRowColumns = Object.fromEntries(
  Object.entries(shownOpportunityColumns).filter(([key]) => key in OpportunitySchema.shape),
);

/** An opportunity's creator as JSON, 'Former admin' once their account is gone (users joined on createdBy). */
const creatorJson = sql`case when ${users.id} is null
  then json_build_object('firstName', ${constantText(FORMER_ADMIN.firstName)}::text,
    'lastName', ${constantText(FORMER_ADMIN.lastName)}::text)
  else json_build_object('firstName', ${users.firstName}, 'lastName', ${users.lastName}) end`;

/**
 * An opportunity's fields and its creator as `'key', value` pairs for json_build_object (users joined on createdBy),
 * as toOpportunityWithCreator maps them: every list whose JSON the database builds and that shows an opportunity.
 */
export const opportunityWithCreatorFields = sql`${jsonFieldsOf(feedRowColumns)}, 'creator', ${creatorJson}`;

/** Its applicants, from the maintained totals (joined on the opportunity), as the contract's `_count`. */
const applicantCountJson = sql`json_build_object('applications', ${applicationCount})`;

/**
 * A page of opportunities (`page` selects their ids and places as `id` and `position`) as a row of JSON each
 * (lib/database-json.ts `itemRows`), beside the total of every match. `item` is read with the opportunity, its
 * creator (users, for creatorJson) and its maintained totals (for applicantCountJson and the counts) joined: the
 * feed and the manager's list.
 */
function opportunityPageRows(page: SQL, item: SQL, total: SQL, more?: SQL): SQL {
  return itemRows(
    sql`select ${item}::text as item, page.position${more ? sql`, ${more}` : sql``}
      from (${page}) page
      join ${opportunities} on ${opportunities.id} = page.id
      left join ${users} on ${users.id} = ${opportunities.createdBy}
      left join ${opportunityTotals} on ${opportunityTotals.opportunityId} = ${opportunities.id}`,
    sql`(${total})`,
  );
}

/**
 * The students' feed: open and public opportunities only, filtered, searched (opportunity-search.ts) and sorted
 * there. With `notAppliedBy`, without the ones that student applied to, so its count and pages are those of what
 * it shows. One statement answers the page and the count of every match, and PostgreSQL builds each row's JSON
 * (lib/database-json.ts `itemRows`), so the page's fifty opportunities, descriptions and all, pass through Node as
 * texts it joins instead of being mapped, checked against the contract and encoded row by row (ADR 0063).
 */
export async function listOpenOpportunities(
  db: Database,
  query: OpenOpportunitiesQuery,
  shownCounts?: ShownApplicantCounts,
): Promise<DatabaseJson> {
  const search = searchQuery(query.search);
  const narrowing = feedFilters(query, search).filter((filter) => filter !== undefined);
  const interests = query.interests && distinctInterests(query.interests);
  // A first page without filters or search, as every student's home and dashboard poll it, is built once per
  // shape and run with its values (the student, their interests), not built by drizzle on every request (a tenth
  // of the server's CPU for the feed in a profile, docs/performance.md seventeenth pass; ADR 0077). A size is one
  // of the contract's.
  const result =
    narrowing.length === 0 && query.offset === 0
      ? await firstPage(db, { ...query, interests })
      : await executePlannedOnce(db, feedStatement({ ...query, interests }, narrowing, search));
  // An opportunity missing from the shown counts had no applicant when they were taken (or did not exist yet).
  const { items, once } = itemsOf<{ id: number; applications: number }>(result, (item, row) =>
    withApplicantCount(item, shownCounts ? (shownCounts.get(row.id) ?? 0) : row.applications),
  );
  return new DatabaseJson(`{"opportunities":${items.text},"total":${Number(once ?? 0)}}`);
}

/** Each opportunity's applicants as the feed shows them while answers are kept (ADR 0076). */
export type ShownApplicantCounts = ReadonlyMap<number, number>;

/**
 * Every opportunity's applicants from the maintained totals: the counts the feed shows until the lagged count
 * moves again (opportunities.reads.ts `shownApplicantCounts`). An opportunity without a row has none.
 */
export async function listApplicantCounts(db: Executor): Promise<ShownApplicantCounts> {
  const rows = await db
    .select({ id: opportunityTotals.opportunityId, applications: opportunityTotals.applications })
    .from(opportunityTotals);
  return new Map(rows.map((row) => [row.id, row.applications]));
}

/**
 * An opportunity's JSON as the database built it, without `_count`, with its applicant count added as the last
 * field, where json_build_object put it when the database counted.
 */
function withApplicantCount(item: string, applications: number): string {
  return `${item.slice(0, -1)}, "_count" : {"applications" : ${applications}}}`;
}

/**
 * What the feed's statement is built from: the student left out (`notAppliedBy`) and the interests are values, or
 * their placeholders in a statement built once per shape (`firstPage`).
 */
interface FeedStatementQuery extends Pick<OpenOpportunitiesQuery, "sort" | "limit" | "offset"> {
  notAppliedBy?: unknown;
  interests?: Interests<unknown>;
}

/**
 * The feed's statement for its filters: the page and the total of every match. Open and public are written into
 * the text, as the page size and a first page's offset are: without parameters PostgreSQL plans it once per
 * connection (executePlannedOnce) instead of on every request (0.45 ms of binding a statement that runs in 1.2).
 */
function feedStatement(query: FeedStatementQuery, narrowing: SQL[], search: SQL | undefined): SQL {
  const isOpenAndPublic = (table: typeof opportunities | typeof opportunityCounts) =>
    sql`${table.status} = ${textLiteral("open")} and ${table.visibility} = ${textLiteral("public")}`;
  // The student's applications read once per statement (an InitPlan) and each opportunity looked up in them: a
  // page ranked by interests repeats the filter in each of its parts, and as `not exists` each part probed the
  // applications' indexes once per opportunity it read (ADR 0077).
  const applied =
    query.notAppliedBy === undefined
      ? undefined
      : sql`${opportunities.id} <> all(array(select ${applications.opportunityId} from ${applications}
          where ${applications.userId} = ${query.notAppliedBy}))`;
  const where = and(isOpenAndPublic(opportunities), applied, ...narrowing);
  const { rank, terms, indexed } = feedOrder(query, search);
  const order = sql.join(terms, sql`, `);
  // Unfiltered, every open, public opportunity matches: their maintained count (16 rows), not every index entry.
  // Leaving out only what a student applied to ('Discover'): that count less the open, public opportunities among
  // their applications.
  const openAndPublic = sql`select coalesce(sum(${opportunityCounts.opportunities}), 0)::int
    from ${opportunityCounts} where ${isOpenAndPublic(opportunityCounts)}`;
  const appliedTo = (studentId: unknown) => sql`select count(distinct ${applications.opportunityId})::int
    from ${applications} join ${opportunities} on ${opportunities.id} = ${applications.opportunityId}
    where ${applications.userId} = ${studentId} and ${isOpenAndPublic(opportunities)}`;
  const total =
    narrowing.length > 0
      ? sql`select count(*)::int from ${opportunities} where ${where}`
      : query.notAppliedBy === undefined
        ? openAndPublic
        : sql`select (${openAndPublic}) - (${appliedTo(query.notAppliedBy)})`;
  // The page in the feed's order (`position`, so the JSON keeps it), then each row's fields. An order an index
  // gives is read from the index and stops at the page's size. A rank computed for each row is computed once and
  // the page taken by a top-N sort in the same pass; the positions are numbered within the page. The inner query
  // takes the table's name, so the order's terms, written on the table's columns, read the ones it selects. Written
  // out twice instead, with parameters of its own each time, PostgreSQL computed the rank twice and sorted every
  // match twice (docs/performance.md, twentieth and twenty-first passes).
  const page =
    rank === undefined
      ? sql`select ${opportunities.id} as id, row_number() over (order by ${order}) as position
          from ${opportunities} where ${where}
          order by ${order} ${pageBounds(query)}`
      : sql`select ${opportunities.id} as id, row_number() over (order by ranked desc, ${order}) as position
          from (${rankedCandidates(rank, indexed, where, order, query)}) as ${opportunities}`;
  // The count goes out beside the item, not in it: while answers are kept, Node shows the lagged one instead.
  return opportunityPageRows(
    page,
    sql`json_build_object(${opportunityWithCreatorFields})`,
    total,
    sql`page.id, ${applicationCount} as applications`,
  );
}

/**
 * The rows a ranked page is taken from, each with its rank (`ranked`), in the page's order and bounds: every match
 * ranked, or, for a rank by interests (ADR 0077), the matches ranked `indexed.from` or more (found through the
 * interest terms' index) beside, for each rank below, its best paid, as many as the pages up to this one hold,
 * read in reward order from its index until they are found. A page holds the highest ranked first, and within a
 * rank the best paid, so none of its rows is left out: all those of the indexed ranks are there, and its rows of a
 * lower rank are the best paid of that rank.
 */
function rankedCandidates(
  rank: SQL,
  indexed: IndexedRanks | undefined,
  where: SQL | undefined,
  order: SQL,
  page: Pick<OpenOpportunitiesQuery, "limit" | "offset">,
): SQL {
  const rows = (ranked: SQL, condition: SQL | undefined) =>
    sql`select ${opportunities.id}, ${opportunities.coinsPerHour}, ${opportunities.createdAt}, ${ranked} as ranked
      from ${opportunities} where ${condition}`;
  if (indexed === undefined) {
    return sql`${rows(rank, where)} order by ranked desc, ${order} ${pageBounds(page)}`;
  }
  // A first page's size is written into the text, as pageBounds writes it; a later page's end is a parameter.
  const upToThisPage = page.offset === 0 ? pageBounds(page) : sql`limit ${page.offset + page.limit}`;
  const bestPaidRanked = (value: number) => {
    const ofRank = and(where, sql`${rank} = ${textLiteral(value)}`);
    return sql`(${rows(textLiteral(value), ofRank)} order by ${order} ${upToThisPage})`;
  };
  const lower = Array.from({ length: indexed.from }, (_, value) => bestPaidRanked(indexed.from - 1 - value));
  return sql`select * from (
      (${rows(rank, and(where, indexed.condition))}) union all ${sql.join(lower, sql` union all `)}
    ) as ${opportunities} order by ranked desc, ${order} ${pageBounds(page)}`;
}

/** A feed's first page without filters or search: its student and interests go as values. */
type FirstPageShape = Pick<OpenOpportunitiesQuery, "sort" | "limit"> & {
  student: boolean;
  skills: number;
  types: number;
};

/** The first page's statement for each shape (order, size, whether for a student, how many interests of each). */
const firstPageStatement = builtOncePerShape(
  (shape: FirstPageShape) =>
    `${shape.sort ?? "default"} ${shape.limit} ${shape.student} ${shape.skills} ${shape.types}`,
  (shape) => {
    const terms = (kind: string, count: number) =>
      Array.from({ length: count }, (_, index) => sql.placeholder(`${kind}${index}`));
    const ranked = shape.skills + shape.types > 0;
    return feedStatement(
      {
        sort: shape.sort,
        limit: shape.limit,
        offset: 0,
        notAppliedBy: shape.student ? sql.placeholder("student") : undefined,
        interests: ranked
          ? { skills: terms("skill", shape.skills), types: terms("type", shape.types) }
          : undefined,
      },
      [],
      undefined,
    );
  },
);

function firstPage(
  db: Executor,
  query: Pick<OpenOpportunitiesQuery, "sort" | "limit" | "notAppliedBy" | "interests">,
) {
  const { skills = [], types = [] } = query.interests ?? {};
  const values = {
    student: query.notAppliedBy,
    ...Object.fromEntries(skills.map((skill, index) => [`skill${index}`, skill])),
    ...Object.fromEntries(types.map((type, index) => [`type${index}`, type])),
  };
  const shape = {
    sort: query.sort,
    limit: query.limit,
    student: query.notAppliedBy !== undefined,
    skills: skills.length,
    types: types.length,
  };
  return firstPageStatement(shape)(db, values);
}

/** One opportunity's row with its creator's name and applicant count; 404 when the id names none. */
async function getOpportunityRow(db: Executor, id: number): Promise<OpportunityRow> {
  const [row] = await opportunityById(db, { id });
  if (!row) throw notFound(OPPORTUNITY_NOT_FOUND);
  return row;
}

export async function getOpportunity(db: Executor, id: number): Promise<Opportunity> {
  return toOpportunity(await getOpportunityRow(db, id));
}

/**
 * One opportunity with the secret of its share link, for the detail route: it decides per request who may see
 * the opportunity (opportunity-visibility.ts) and sends the token to admins only.
 */
export async function getOpportunityWithShareToken(
  db: Executor,
  id: number,
): Promise<Opportunity & { shareToken: string; supervisorEmail: string | null }> {
  const row = await getOpportunityRow(db, id);
  return {
    ...toOpportunity(row),
    shareToken: row.opportunity.shareToken,
    supervisorEmail: row.opportunity.supervisorEmail,
  };
}

/** "place", "place and schedule", "place, schedule and dates". */
function wordList(words: readonly string[]): string {
  return words.length <= 2 ? words.join(" and ") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The same moment, or both unset (a stored Date against an ISO string from the form). */
function sameMoment(stored: Date | null, given: string | null): boolean {
  if (stored === null || given === null) return stored === given;
  return stored.getTime() === Date.parse(given);
}

function columnsFromInput(input: OpportunityInput) {
  const refusal = datesRefusal(input);
  if (refusal) throw badRequest(refusal, { endsAt: [refusal] });
  const verification = verificationRefusal(input);
  if (verification) throw badRequest(verification.message, { [verification.field]: [verification.message] });
  return {
    ...input,
    // Automatic approval only means something with supervisor verification (ADR 0038).
    autoApproveMaxHours: input.verification === "none" ? null : input.autoApproveMaxHours,
    // A custom duration only means something when the duration is custom.
    customDuration: input.duration === "custom" ? input.customDuration : null,
    startsAt: input.startsAt === null ? null : new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
  };
}

export async function createOpportunity(
  db: Database,
  input: OpportunityInput,
  createdBy: number,
): Promise<Opportunity> {
  const [created] = await db
    .insert(opportunities)
    .values({ ...columnsFromInput(input), createdBy })
    .returning({ id: opportunities.id });
  if (!created) throw new Error("insert returned no row");
  return getOpportunity(db, created.id);
}

/**
 * Replaces the fields. The opportunity row is locked first, as every decision locks it first, so a concurrent
 * approval either pays before the cap check below sees its coins or waits and pays within the new cap.
 */
export async function updateOpportunity(
  db: Database,
  id: number,
  input: OpportunityInput,
): Promise<Opportunity> {
  await inTransaction(db, async (tx) => {
    const before = await lockOpportunity(tx, id);
    if (!before) throw notFound(OPPORTUNITY_NOT_FOUND);
    const [paid] = await tx
      .select({ highest: max(applications.coinsAwarded) })
      .from(applications)
      .where(eq(applications.opportunityId, id));
    // Below the highest award on one application, the ledger check would fail on that application.
    const highest = paid?.highest ?? 0;
    if (highest > input.maxCoins) {
      const message = `Maximum coins cannot go below ${highest}: one application has already been awarded ${highest} coins`;
      throw conflict(message, { maxCoins: [message] });
    }
    const [after] = await tx
      .update(opportunities)
      .set({ ...columnsFromInput(input), updatedAt: sql`now()` })
      .where(eq(opportunities.id, id))
      .returning({ title: opportunities.title, updatedAt: opportunities.updatedAt });
    const changed = [
      before.location !== input.location ? "place" : "",
      before.schedule !== input.schedule ? "schedule" : "",
      !sameMoment(before.startsAt, input.startsAt) || !sameMoment(before.endsAt, input.endsAt) ? "dates" : "",
    ].filter(Boolean);
    // More capacity (or none) frees places: the waiting list is offered them in this transaction.
    await offerFreedPlaces(tx, id);
    if (after && changed.length > 0) {
      await opportunityChanged(tx, { id, title: after.title }, "changed", after.updatedAt, wordList(changed));
    }
  });
  return getOpportunity(db, id);
}

/** open → closed, compare-and-set: anything else is a 409 naming the current status. */
export async function closeOpportunity(db: Database, id: number): Promise<Opportunity> {
  const closed = await inTransaction(db, async (tx) => {
    const rows = await tx
      .update(opportunities)
      .set({ status: "closed", updatedAt: sql`now()` })
      .where(and(eq(opportunities.id, id), eq(opportunities.status, "open")))
      .returning({ id: opportunities.id, title: opportunities.title, updatedAt: opportunities.updatedAt });
    for (const row of rows) await opportunityChanged(tx, row, "closed", row.updatedAt);
    return rows;
  });
  if (closed.length === 0) {
    const current = await getOpportunity(db, id);
    throw conflict(`Only an open opportunity can be closed; this one is ${current.status}`);
  }
  return getOpportunity(db, id);
}

export async function deleteOpportunity(db: Database, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    const opportunity = await lockOpportunity(tx, id);
    if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
    // Told before the applications go with it, while they still say who applied.
    await opportunityChanged(tx, opportunity, "deleted", new Date());
    await tx.delete(opportunities).where(eq(opportunities.id, id));
  });
}

/**
 * The columns of a manager's list row: the table's columns among the contract's AdminOpportunity fields (ADR 0056),
 * so the row and the contract name the same fields; the creator and the counts are built beside them.
 */
const adminRowColumns = Object.fromEntries(
  Object.entries(shownOpportunityColumns).filter(([key]) => key in AdminOpportunitySchema.shape),
);

/** What a statement of the manager's list depends on besides its values. */
interface AdminListShape {
  byStatus: boolean;
  search: boolean;
  /**
   * The first page of every opportunity or of one status, without a search (the manager as it opens, and its
   * status tabs): the status and page size written into the text, so PostgreSQL plans it once per connection
   * (ADR 0060) instead of on every request (0.43 ms planned against 1.28 run at scale 10).
   */
  firstPage?: { status: OpportunityStatus | undefined; limit: number };
}

/**
 * The page's JSON and the count of every match, in one statement, with placeholders for the status, the search
 * pattern and the page. The page is chosen by id first, so a later page skips narrow index entries rather than
 * sorting whole rows.
 */
function adminListStatement(shape: AdminListShape): SQL {
  // The manager's search: the text, as typed, in the title or the short description.
  const pattern = sql.placeholder("pattern");
  const { firstPage } = shape;
  const status = firstPage ? firstPage.status && textLiteral(firstPage.status) : sql.placeholder("status");
  const where = and(
    shape.byStatus && status ? eq(opportunities.status, status) : undefined,
    shape.search
      ? or(
          sql`${opportunities.title} ilike ${pattern}`,
          sql`${opportunities.shortDescription} ilike ${pattern}`,
        )
      : undefined,
  );
  const filtered = where ? sql`where ${where}` : sql``;
  const newestFirst = sql`${opportunities.createdAt} desc, ${opportunities.id} asc`;
  const zero = (column: AnyColumn) => sql`coalesce(${column}, 0)`;
  const page = sql`select ${opportunities.id} as id, row_number() over (order by ${newestFirst}) as position
    from ${opportunities} ${filtered}
    order by ${newestFirst} ${
      firstPage
        ? pageBounds({ limit: firstPage.limit, offset: 0 })
        : sql`limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`
    }`;
  // Without a search the total is the maintained count of the status, or of all (ADR 0061): a few rows, not every
  // opportunity's index entry.
  const total = shape.search
    ? sql`select count(*)::int from ${opportunities} ${filtered}`
    : sql`select coalesce(sum(${opportunityCounts.opportunities}), 0)::int from ${opportunityCounts}
      ${shape.byStatus && status ? sql`where ${eq(opportunityCounts.status, status)}` : sql``}`;
  return opportunityPageRows(
    page,
    sql`json_build_object(${jsonFieldsOf(adminRowColumns)},
      'creator', ${creatorJson}, '_count', ${applicantCountJson},
      'counts', json_build_object('pending', ${zero(opportunityTotals.pending)},
        'accepted', ${zero(opportunityTotals.accepted)}, 'hoursSubmitted', ${zero(opportunityTotals.hoursSubmitted)},
        'completed', ${zero(opportunityTotals.completed)}, 'rejected', ${zero(opportunityTotals.rejected)},
        'withdrawn', ${zero(opportunityTotals.withdrawn)}),
      'completedHours', coalesce(${opportunityTotals.completedHours}, 0)::float8)`,
    total,
  );
}

/**
 * Each shape's statement, built on first use (db/built-once.ts): four, and the first pages of 4 status choices × the
 * page sizes asked.
 */
const adminListOfShape = builtOncePerShape(
  (shape: AdminListShape) =>
    `${shape.byStatus} ${shape.search} ${
      shape.firstPage ? `${shape.firstPage.status ?? "every"} ${shape.firstPage.limit}` : "any page"
    }`,
  adminListStatement,
);

/**
 * A page of the manager's list, newest first, with the count of every match: one statement whose rows' JSON
 * PostgreSQL builds (lib/database-json.ts `itemRows`), so a page of a hundred passes through Node as texts it joins.
 * Each row is the card's fields, the creator, the applicant count and the counts by status from the maintained
 * totals.
 */
export async function listOpportunitiesForAdmin(
  db: Database,
  query: { search?: string; status: OpportunityStatus | "all"; limit: number; offset: number },
): Promise<{ opportunities: DatabaseJson; total: number }> {
  const byStatus = query.status !== "all";
  const search = Boolean(query.search);
  const run = adminListOfShape({
    byStatus,
    search,
    firstPage:
      query.offset === 0 && !search
        ? { status: query.status === "all" ? undefined : query.status, limit: query.limit }
        : undefined,
  });
  const result = await run(db, {
    status: query.status,
    pattern: query.search ? containsPattern(query.search) : undefined,
    limit: query.limit,
    offset: query.offset,
  });
  const { items, once } = itemsOf(result);
  return { opportunities: items, total: Number(once ?? 0) };
}

/**
 * A page of hours served per opportunity (those with any), by opportunity id, with how many there are.
 * PostgreSQL builds the page's JSON, so no row passes through Node. Only a student's answer needs the
 * opportunities, for their visibility.
 */
export async function listOpportunityProgress(
  db: Database,
  query: { includePrivate: boolean; limit: number; offset: number },
): Promise<{ page: DatabaseJson; total: number }> {
  const served = sql`opportunity_totals t
    ${query.includePrivate ? sql`` : sql`join opportunities o on o.id = t.opportunity_id and o.visibility = 'public'`}
    where t.completed_hours > 0`;
  const result = await executePlannedOnce(
    db,
    sql`select (select count(*)::int from ${served}) as total,
      (select coalesce(json_agg(json_build_object('id', p.opportunity_id, 'completedHours', p.completed_hours::float8)
          order by p.opportunity_id), '[]')::text
        from (select t.opportunity_id, t.completed_hours from ${served}
          order by t.opportunity_id ${pageBounds(query)}) p) as page`,
  );
  const [row] = rowsOf<{ total: number; page: string }>(result);
  return { page: new DatabaseJson(row?.page ?? "[]"), total: Number(row?.total ?? 0) };
}
