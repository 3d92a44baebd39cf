import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import type { LeaderboardEntry } from "@shared/contract/leaderboard";
import { Crown, Medal } from "lucide-react";
import { useId } from "react";
import { rowIdentity } from "./leaderboard-identity";
import { RankAvatar, YouBadge } from "./rank-avatar";

// In rank order for screen readers; from `sm` up the columns stand 2nd, 1st, 3rd like a real podium.
const PLACES = [
  {
    label: "1st",
    icon: Crown,
    column: "sm:order-2",
    platform: "bg-saffron-700 sm:h-28",
    iconColour: "text-saffron-700",
  },
  {
    label: "2nd",
    icon: Medal,
    column: "sm:order-1",
    platform: "bg-stone-500 sm:h-20",
    iconColour: "text-stone-500",
  },
  {
    label: "3rd",
    icon: Medal,
    column: "sm:order-3",
    platform: "bg-amber-800 sm:h-14",
    iconColour: "text-amber-800",
  },
] as const;

export const PODIUM_SIZE = PLACES.length;

interface LeaderboardPodiumProps {
  /** The first three entries of the leaderboard. */
  entries: readonly LeaderboardEntry[];
  anonymizeAll: boolean;
}

export function LeaderboardPodium({ entries, anonymizeAll }: LeaderboardPodiumProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="font-bold text-stone-900 text-xl tracking-tight">
        Top Three
      </h2>
      <ol className="grid gap-3 sm:grid-cols-3 sm:items-end sm:gap-4">
        {entries.slice(0, PODIUM_SIZE).map((entry, index) => {
          const place = PLACES[index];
          if (!place) return null;
          const identity = rowIdentity(entry, anonymizeAll);
          const Icon = place.icon;
          return (
            <li
              key={entry.rank}
              className={cn(
                "flex items-center gap-4 overflow-hidden rounded-2xl border border-stone-200 bg-white p-3 shadow-sm",
                "sm:flex-col sm:gap-3 sm:px-4 sm:pt-5 sm:pb-0 sm:text-center",
                place.column,
                entry.isViewer && "border-saffron-400 bg-saffron-50 ring-2 ring-saffron-600",
              )}
            >
              <p
                className={cn(
                  "flex size-12 shrink-0 items-center justify-center rounded-xl font-bold text-lg text-white",
                  "sm:order-last sm:-mx-4 sm:w-[calc(100%+2rem)] sm:rounded-none sm:text-2xl",
                  place.platform,
                )}
              >
                {place.label}
                <span className="sr-only"> place</span>
              </p>
              <div className="relative">
                <RankAvatar
                  initials={identity.initials}
                  name={identity.name}
                  isAnonymous={identity.isAnonymous}
                  size="lg"
                />
                <span className="absolute -top-1 -right-1 flex size-7 items-center justify-center rounded-full border border-stone-200 bg-white shadow-sm">
                  <Icon aria-hidden className={cn("size-4", place.iconColour)} />
                </span>
              </div>
              <div className="grid min-w-0 flex-1 gap-1 sm:w-full sm:flex-none sm:pb-1">
                <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-stone-900 sm:justify-center">
                  <span className="min-w-0 break-words">{identity.name}</span>
                  {entry.isViewer && <YouBadge />}
                </p>
                <p className="text-sm text-stone-700">
                  <span className="font-bold text-stone-900">{formatNumber(entry.coins)}</span>
                  {` coins · ${formatNumber(entry._count.completedApplications)} completed`}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
