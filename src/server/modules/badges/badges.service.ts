// Badges: the catalogue, a user's earned badges, and the award that runs inside every coin credit. Badges are
// never revoked and unique per user (unique index), so awarding is an idempotent insert.

import type { Database } from "@server/db/client";
import { badges, userBadges } from "@server/db/schema";
import { toIso } from "@server/lib/sql";
import type { Badge, UserBadge } from "@shared/contract/badges";
import { asc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import { assertUserExists } from "../auth/user-exists";

function toBadge(row: typeof badges.$inferSelect): Badge {
  return { ...row, createdAt: toIso(row.createdAt) };
}

export async function listBadges(db: Database): Promise<Badge[]> {
  const rows = await db.select().from(badges).orderBy(asc(badges.coinsRequired), asc(badges.id));
  return rows.map(toBadge);
}

export async function listUserBadges(db: Database, userId: number): Promise<UserBadge[]> {
  const rows = await db
    .select({ userBadge: userBadges, badge: badges })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(badges.coinsRequired));
  if (rows.length === 0) await assertUserExists(db, userId);
  return rows.map(({ userBadge, badge }) => ({
    ...userBadge,
    earnedAt: toIso(userBadge.earnedAt),
    badge: toBadge(badge),
  }));
}

/**
 * Awards every badge the balance has reached and the user lacks: an insert returning the new badges' ids, run as
 * a part of the coin credit's one statement (coins.service.ts, ADR 0048). `balance` names the credit's CTE that
 * returns the new balance as `coins`. `earnedAt` is the credit's time when it is not now (the demo's history).
 */
export function awardBadgesForBalance(userId: number | Placeholder, balance: string, earnedAt?: Date): SQL {
  const reached = sql.identifier(balance);
  return sql`insert into ${userBadges} (user_id, badge_id, earned_at)
    select ${userId}, ${badges.id}, coalesce(${earnedAt?.toISOString() ?? null}::timestamptz, now())
    from ${badges}, ${reached} where ${badges.coinsRequired} <= ${reached}.coins
    on conflict do nothing
    returning badge_id`;
}

/** The names of the badges an award returned (`earned`, a CTE of badge_id), by threshold, as one text array. */
export function namesOfAwardedBadges(earned: string): SQL {
  return sql`coalesce((select array_agg(${badges.name} order by ${badges.coinsRequired}, ${badges.id})
    from ${sql.identifier(earned)} join ${badges} on ${badges.id} = ${sql.identifier(earned)}.badge_id), '{}')`;
}
