// Who may see a private opportunity (docs/product-rules.md §2, §7; ADR 0017): every admin, a student holding
// its share link, and a student who already applied to it. Anyone else gets exactly the answer an id naming
// no opportunity gets, so walking the ids, applying blind or filtering the leaderboard tells them nothing.
import { timingSafeEqual } from "node:crypto";
import type { Executor } from "@server/db/client";
import { applications, opportunities } from "@server/db/schema";
import type { Role, Visibility } from "@shared/domain/enums";
import { and, eq, exists, or, type SQL } from "drizzle-orm";

/** True when `key` is the share token. Constant time: how long it takes says nothing about how close it was. */
export function isShareKey(shareToken: string, key: string | undefined): boolean {
  if (key === undefined) return false;
  const expected = Buffer.from(shareToken);
  const given = Buffer.from(key);
  // The length check shows only the length, which is the same for every token.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Admins see every opportunity, the private ones and their share tokens included. */
export function seesEveryOpportunity(viewer: { role: Role }): boolean {
  return viewer.role === "admin";
}

/** Whether the viewer may see the opportunity, given the key they sent and whether they applied to it. */
export function canSeeOpportunity(
  viewer: { role: Role },
  opportunity: { visibility: Visibility; shareToken: string },
  access: { key: string | undefined; hasApplied: boolean },
): boolean {
  return (
    seesEveryOpportunity(viewer) ||
    opportunity.visibility === "public" ||
    access.hasApplied ||
    isShareKey(opportunity.shareToken, access.key)
  );
}

/**
 * The opportunities a student may name without a link: the public ones and those they applied to. A link opens
 * an opportunity's page, not the standings on it.
 */
export function visibleWithoutLinkTo(db: Executor, studentId: number): SQL {
  const ownApplication = db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.opportunityId, opportunities.id), eq(applications.userId, studentId)));
  return or(eq(opportunities.visibility, "public"), exists(ownApplication)) as SQL;
}

/** For a filter that names an opportunity without a link (the leaderboard's): it exists and the student may name it. */
export async function isVisibleWithoutLink(
  db: Executor,
  studentId: number,
  opportunityId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(and(eq(opportunities.id, opportunityId), visibleWithoutLinkTo(db, studentId)));
  return row !== undefined;
}
