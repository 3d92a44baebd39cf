// Badges: the catalogue, a user's earned badges, and the award that runs inside every coin credit. Badges are
// never revoked and unique per user (unique index), so awarding is an idempotent insert.

import type { Database, Executor } from "@server/db/client";
import { badges, userBadges } from "@server/db/schema";
import { toIso } from "@server/lib/sql";
import type { Badge, UserBadge } from "@shared/contract/badges";
import { asc, eq, inArray, sql } from "drizzle-orm";
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
 * Awards every badge the balance has reached and the user lacks; returns the names of the new ones. `earnedAt`
 * is the credit's time when it is not now (the demo's replayed history).
 */
export async function awardBadgesForBalance(
  tx: Executor,
  userId: number,
  balance: number,
  earnedAt?: Date,
): Promise<string[]> {
  const result = await tx.execute(sql`
    insert into ${userBadges} (user_id, badge_id, earned_at)
    select ${userId}, ${badges.id}, coalesce(${earnedAt?.toISOString() ?? null}::timestamptz, now())
    from ${badges} where ${badges.coinsRequired} <= ${balance}
    on conflict do nothing
    returning badge_id`);
  const earned = (result as unknown as { rows: { badge_id: number }[] }).rows.map((row) => ({
    badgeId: row.badge_id,
  }));
  if (earned.length === 0) return [];
  const names = await tx
    .select({ name: badges.name })
    .from(badges)
    .where(
      inArray(
        badges.id,
        earned.map((row) => row.badgeId),
      ),
    )
    .orderBy(asc(badges.coinsRequired));
  return names.map((row) => row.name);
}
