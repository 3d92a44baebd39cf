import { Card } from "@client/components/ui/card";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { formatDate } from "@client/lib/format";
import { formatNumber } from "@client/lib/format-number";
import { Lock } from "lucide-react";
import { useBadges, useUserBadges } from "./api";
import { BadgeIcon } from "./badge-icon";

/** Every badge of the catalogue; the ones this user earned stand out with the day they were earned. */
export function BadgeCollection({ userId, coins }: { userId: number; coins: number }) {
  const badges = useBadges();
  const earned = useUserBadges(userId);

  if (badges.isPending || earned.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (badges.isError)
    return <LoadError what="the badges" error={badges.error} onRetry={() => badges.refetch()} />;
  if (earned.isError)
    return <LoadError what="your badges" error={earned.error} onRetry={() => earned.refetch()} />;

  const earnedOn = new Map(earned.data.map((userBadge) => [userBadge.badgeId, userBadge.earnedAt]));
  return (
    <div className="grid gap-4">
      <p className="text-stone-700">{`${earnedOn.size} of ${badges.data.length} badges earned.`}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {badges.data.map((badge) => {
          const earnedAt = earnedOn.get(badge.id);
          return (
            <li key={badge.id}>
              <Card
                className={cn(
                  "flex h-full items-start gap-4 p-4",
                  earnedAt
                    ? "border-saffron-300 bg-saffron-50 ring-1 ring-saffron-200"
                    : "bg-stone-50 shadow-none",
                )}
              >
                <BadgeIcon icon={badge.icon} type={badge.type} isEarned={Boolean(earnedAt)} />
                <div className="grid min-w-0 gap-1">
                  <h3 className="font-semibold text-stone-900">{badge.name}</h3>
                  <p className="text-sm text-stone-700">{badge.description}</p>
                  {earnedAt ? (
                    <p className="font-semibold text-green-800 text-xs">{`Earned ${formatDate(earnedAt)}`}</p>
                  ) : (
                    <p className="flex items-center gap-1 text-stone-600 text-xs">
                      <Lock aria-hidden className="size-3.5" />
                      {`Needs ${formatNumber(badge.coinsRequired)} coins`}
                      {coins < badge.coinsRequired && ` · ${formatNumber(badge.coinsRequired - coins)} to go`}
                    </p>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
