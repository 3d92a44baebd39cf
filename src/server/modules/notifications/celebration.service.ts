// The celebration (issue 17): what a student earned since the balance last celebrated, shown once across devices.
// Levels and badges both follow the balance (a badge is unlocked by reaching its coins), so the one number
// `users.celebrated_coins` says what was already celebrated; marking it seen moves it to the balance.
import type { Database } from "@server/db/client";
import { badges, userBadges, users } from "@server/db/schema";
import type { Celebration } from "@shared/contract/notifications";
import { levelFor } from "@shared/domain/coins";
import { and, asc, eq, gt, lte } from "drizzle-orm";

export async function findCelebration(db: Database, userId: number): Promise<Celebration> {
  const [user] = await db
    .select({ role: users.role, coins: users.coins, celebratedCoins: users.celebratedCoins })
    .from(users)
    .where(eq(users.id, userId));
  // Coins are a student's; a balance that went down (a correction) is nothing to celebrate.
  if (user?.role !== "student" || user.coins <= user.celebratedCoins) return null;
  const earned = await db
    .select({ name: badges.name, icon: badges.icon })
    .from(userBadges)
    .innerJoin(badges, eq(badges.id, userBadges.badgeId))
    .where(
      and(
        eq(userBadges.userId, userId),
        gt(badges.coinsRequired, user.celebratedCoins),
        lte(badges.coinsRequired, user.coins),
      ),
    )
    .orderBy(asc(badges.coinsRequired));
  const level = levelFor(user.coins);
  return {
    coinsSince: user.coins - user.celebratedCoins,
    levelReached: level > levelFor(user.celebratedCoins) ? level : null,
    badges: earned,
  };
}

/** The celebration was shown: from now on only what is earned above today's balance is celebrated. */
export async function markCelebrationSeen(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ celebratedCoins: users.coins }).where(eq(users.id, userId));
}
