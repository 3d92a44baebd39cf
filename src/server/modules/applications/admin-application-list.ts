// The admin's list of applications (the dashboard's queues and the applications page): filtered, searched,
// sorted and paged, each application with its applicant, its opportunity and the hours under review. PostgreSQL
// builds each row's JSON itself and sends it as a row of text (lib/database-json.ts `itemRows`), so Node only joins
// them: mapping and checking every row in Node was most of the list's cost on a cache miss (docs/decisions/0052).
// The fields are the contract's AdminApplicationSchema, in the shapes toApplication and hours-record.ts give the
// other lists; admin-application-list.test.ts holds the two to the same answers. Each shape of the list (how many
// statuses, an opportunity or not, a search or not, the order) is built once and run with its values
// (db/built-once.ts).

import { builtOncePerShape } from "@server/db/built-once";
import type { Database } from "@server/db/client";
import { applications, opportunities, users } from "@server/db/schema";
import { type DatabaseJson, itemRows, itemsOf } from "@server/lib/database-json";
import { containsPattern, countAll, pageBounds, textLiteral } from "@server/lib/sql";
import type { AdminApplicationListQuery } from "@shared/contract/applications";
import type { ApplicationStatus } from "@shared/domain/enums";
import { and, asc, desc, eq, inArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { applicationJsonFields } from "../decisions/to-application";
import { hoursUnderReviewJson } from "../hours/hours-record";
import { maintainedTotal, schoolTotalOf } from "./admin-application-total";

/** The applicant's first name, last name, both, e-mail, or the opportunity's title matches the pattern. */
function adminSearchCondition(pattern: string | Placeholder): SQL | undefined {
  return or(
    sql`${users.firstName} ilike ${pattern}`,
    sql`${users.lastName} ilike ${pattern}`,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
    sql`${opportunities.title} ilike ${pattern}`,
  );
}

function adminListOrder(sort: AdminApplicationListQuery["sort"]): SQL[] {
  switch (sort) {
    case "recent":
      return [desc(applications.updatedAt), desc(applications.id)];
    case "oldest":
      // Longest waiting first: hours wait from their submission, an application from the day it was made.
      return [
        asc(sql`coalesce(${applications.hourSubmissionDate}, ${applications.appliedAt})`),
        asc(applications.id),
      ];
    default:
      return [desc(applications.appliedAt), desc(applications.id)];
  }
}

/** One application of the page as the contract's AdminApplication, from the columns `page` selects. */
const adminApplicationJson = sql`json_build_object(${applicationJsonFields("p")},
  'user', json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'email', p.email),
  'opportunity', json_build_object('id', p.opportunity_id, 'title', p.title, 'type', p.type,
    'status', p.opportunity_status, 'coinsPerHour', p.coins_per_hour, 'maxCoins', p.max_coins,
    'totalRequiredHours', p.total_required_hours),
  'totalRequiredHours', p.total_required_hours,
  'hoursUnderReview', ${hoursUnderReviewJson({ id: sql`p.id`, status: sql`p.status` })})`;

/** What a statement of the list depends on besides its values. */
interface ListShape {
  /** How many distinct statuses the list is filtered by; -1 for none (every status). */
  statuses: number;
  opportunity: boolean;
  search: boolean;
  sort: AdminApplicationListQuery["sort"];
  /**
   * The first page of every application or of one status (the dashboard's queues), without a search or an
   * opportunity: its status and page size written into the text, so PostgreSQL plans it once per connection
   * (ADR 0060) instead of on every request (1.35 ms planned against 1.30 run at scale 10). It brings its total
   * along (ADR 0062), one round trip instead of two.
   */
  firstPage?: { status: ApplicationStatus | undefined; limit: number };
}

/** The list's filter, of the query's values or of placeholders (named as listApplicationsForAdmin's values are). */
function listFilter(filter: {
  statuses?: readonly (ApplicationStatus | Placeholder)[];
  opportunityId?: number | Placeholder;
  pattern?: string | Placeholder;
}): SQL | undefined {
  return and(
    filter.statuses ? inArray(applications.status, [...filter.statuses]) : undefined,
    filter.opportunityId !== undefined ? eq(applications.opportunityId, filter.opportunityId) : undefined,
    filter.pattern !== undefined ? adminSearchCondition(filter.pattern) : undefined,
  );
}

/** The page's JSON for one shape of the list, with placeholders for the statuses, opportunity, pattern and page. */
function pageStatement(shape: ListShape): SQL {
  const { firstPage } = shape;
  const where = firstPage
    ? firstPage.status && sql`${applications.status} = ${textLiteral(firstPage.status)}`
    : listFilter({
        statuses:
          shape.statuses >= 0
            ? Array.from({ length: shape.statuses }, (_, index) => sql.placeholder(`status${index}`))
            : undefined,
        opportunityId: shape.opportunity ? sql.placeholder("opportunityId") : undefined,
        pattern: shape.search ? sql.placeholder("pattern") : undefined,
      });
  const order = sql.join(adminListOrder(shape.sort), sql`, `);
  // The page in the list's order (`position`, so the JSON keeps it); its hours under review are looked up row by
  // row (hoursUnderReviewJson).
  const page = sql`select ${applications}.*,
      ${users.firstName} as first_name, ${users.lastName} as last_name, ${users.email} as email,
      ${opportunities.title} as title, ${opportunities.type} as type, ${opportunities.status} as opportunity_status,
      ${opportunities.coinsPerHour} as coins_per_hour, ${opportunities.maxCoins} as max_coins,
      ${opportunities.totalRequiredHours} as total_required_hours,
      row_number() over (order by ${order}) as position
    from ${applications}
    inner join ${users} on ${users.id} = ${applications.userId}
    inner join ${opportunities} on ${opportunities.id} = ${applications.opportunityId}
    ${where ? sql`where ${where}` : sql``}
    order by ${order} ${
      firstPage
        ? pageBounds({ limit: firstPage.limit, offset: 0 })
        : sql`limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`
    }`;
  return itemRows(
    sql`select ${adminApplicationJson}::text as item, p.position from (${page}) p`,
    firstPage ? schoolTotalOf(firstPage.status) : undefined,
  );
}

/**
 * Each shape's statement, built on first use: at most 9 status counts × 2 × 2 × 3 orders, and first pages of 8
 * status choices × the page sizes asked × 3 orders.
 */
const pageOfShape = builtOncePerShape(
  (shape: ListShape) =>
    `${shape.statuses} ${shape.opportunity} ${shape.search} ${shape.sort} ${
      shape.firstPage ? `${shape.firstPage.status ?? "every"} ${shape.firstPage.limit}` : "any page"
    }`,
  pageStatement,
);

export async function listApplicationsForAdmin(
  db: Database,
  query: AdminApplicationListQuery,
): Promise<{ applications: DatabaseJson; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  // Distinct, so that a status repeated in the query string makes no new shape.
  const statuses = query.status ? [...new Set(query.status)] : undefined;
  const firstPage =
    query.offset === 0 &&
    pattern === undefined &&
    query.opportunityId === undefined &&
    (statuses?.length ?? 1) === 1
      ? { status: statuses?.[0], limit: query.limit }
      : undefined;
  const runPage = pageOfShape({
    statuses: statuses?.length ?? -1,
    opportunity: query.opportunityId !== undefined,
    search: pattern !== undefined,
    sort: query.sort,
    firstPage,
  });
  const values: Record<string, unknown> = {
    ...Object.fromEntries((statuses ?? []).map((status, index) => [`status${index}`, status])),
    opportunityId: query.opportunityId,
    pattern,
    limit: query.limit,
    offset: query.offset,
  };
  // The maintained totals give the count without reading the applications, except for a search and a status
  // set they do not split; counting joins the people and the opportunities only when the search reads them.
  const countApplications = async () => {
    const where = listFilter({
      statuses: query.status,
      opportunityId: query.opportunityId,
      pattern,
    });
    const count = db.select({ total: countAll() }).from(applications);
    const [counted] = await (pattern
      ? count
          .innerJoin(users, eq(users.id, applications.userId))
          .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
          .where(where)
      : count.where(where));
    return counted?.total ?? 0;
  };
  const [result, total] = await Promise.all([
    runPage(db, values),
    firstPage
      ? undefined
      : maintainedTotal(db, query).then((fromTotals) => fromTotals ?? countApplications()),
  ]);
  const { items, once } = itemsOf(result);
  return { applications: items, total: total ?? Number(once ?? 0) };
}
