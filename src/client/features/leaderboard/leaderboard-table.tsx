import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import type { LeaderboardEntry } from "@shared/contract/leaderboard";
import { EyeOff } from "lucide-react";
import { useId } from "react";
import { rowIdentity } from "./leaderboard-identity";
import { RankAvatar, YouBadge } from "./rank-avatar";

interface LeaderboardTableProps {
  entries: readonly LeaderboardEntry[];
  anonymizeAll: boolean;
  /** Read by screen readers as the table's name, e.g. "Rankings, This Month, All Activities". */
  caption: string;
}

export function LeaderboardTable({ entries, anonymizeAll, caption }: LeaderboardTableProps) {
  const captionId = useId();
  return (
    // Scrolls on its own on narrow phones, so the page never does; focusable so keyboards can scroll it.
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[20rem] border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            <th scope="col" className="py-3 pr-1 pl-3 font-semibold sm:w-20 sm:px-4">
              Rank
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4 font-semibold">
              Student
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
              Coins
            </th>
            <th scope="col" className="px-2 py-3 sm:px-4 text-right font-semibold">
              Completed
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const identity = rowIdentity(entry, anonymizeAll);
            const hiddenFromOthers = entry.isViewer && entry.anonymizeLeaderboard && !anonymizeAll;
            return (
              <tr
                key={entry.rank}
                aria-current={entry.isViewer ? "true" : undefined}
                className={cn(
                  "border-stone-200 border-t",
                  entry.isViewer && "bg-saffron-50 shadow-[inset_4px_0_0_var(--color-saffron-700)]",
                )}
              >
                <td className="py-3 pr-1 pl-3 sm:px-4 font-bold text-stone-900 tabular-nums">{`#${entry.rank}`}</td>
                <th scope="row" className="px-2 py-3 sm:px-4 font-normal">
                  <span className="flex items-center gap-2 sm:gap-3">
                    <RankAvatar
                      initials={identity.initials}
                      name={identity.name}
                      isAnonymous={identity.isAnonymous}
                    />
                    <span className="grid min-w-0 gap-0.5">
                      <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                        {identity.name}
                        {entry.isViewer && <YouBadge />}
                      </span>
                      {hiddenFromOthers && (
                        <span className="flex items-center gap-1 text-stone-600 text-xs">
                          <EyeOff aria-hidden className="size-3.5" />
                          Anonymous to others
                        </span>
                      )}
                    </span>
                  </span>
                </th>
                <td className="px-2 py-3 sm:px-4 text-right font-semibold text-stone-900 tabular-nums">
                  {formatNumber(entry.coins)}
                </td>
                <td className="px-2 py-3 sm:px-4 text-right text-stone-800 tabular-nums">
                  {formatNumber(entry._count.completedApplications)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
