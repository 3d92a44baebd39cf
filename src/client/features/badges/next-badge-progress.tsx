import { ProgressBar } from "@client/components/ui/progress-bar";
import { Skeleton } from "@client/components/ui/skeleton";
import type { CurrentUser } from "@shared/contract/auth";
import { PartyPopper } from "lucide-react";
import { useBadges, useUserBadges } from "./api";
import { nextBadgeProgress } from "./next-badge";

/** The profile header's bar toward the next badge the user has not earned (docs/product-spec.md §2). */
export function NextBadgeProgress({ user }: { user: CurrentUser }) {
  const badges = useBadges();
  const earned = useUserBadges(user.id);
  if (badges.isPending || earned.isPending) return <Skeleton className="h-12" />;
  if (badges.isError || earned.isError) return null;

  const coins = user.coins ?? 0;
  const next = nextBadgeProgress(coins, badges.data, earned.data);
  if (!next) {
    return (
      <p className="flex items-center gap-2 font-medium text-green-800 text-sm">
        <PartyPopper aria-hidden className="size-4" />
        Every badge earned. Legendary!
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <p className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="text-stone-700">
          Next badge: <span className="font-semibold text-stone-900">{next.badge.name}</span>
        </span>
        <span className="text-stone-600">{`${coins} / ${next.badge.coinsRequired} coins · ${next.percent}%`}</span>
      </p>
      <ProgressBar
        value={next.percent}
        max={100}
        label={`Progress toward the ${next.badge.name} badge`}
        valueText={`${coins} of ${next.badge.coinsRequired} coins, ${next.percent}%`}
      />
    </div>
  );
}
