import type { Badge, UserBadge } from "@shared/contract/badges";

/** The cheapest badge not earned yet, and how far the coins go toward it (percent = coins / its threshold). */
export function nextBadgeProgress(
  coins: number,
  badges: readonly Badge[],
  earned: readonly Pick<UserBadge, "badgeId">[],
): { badge: Badge; percent: number } | null {
  const earnedIds = new Set(earned.map((userBadge) => userBadge.badgeId));
  const badge = [...badges]
    .sort((a, b) => a.coinsRequired - b.coinsRequired)
    .find((candidate) => !earnedIds.has(candidate.id));
  if (!badge) return null;
  const percent =
    badge.coinsRequired > 0 ? Math.min(100, Math.floor((coins / badge.coinsRequired) * 100)) : 100;
  return { badge, percent };
}
