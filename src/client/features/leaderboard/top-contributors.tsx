import { buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { LoadError } from "@client/components/ui/load-error";
import { SkeletonList } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import { paths } from "@client/lib/paths";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { ArrowRight, Users } from "lucide-react";
import { useDeferredValue, useId } from "react";
import { Link } from "react-router";
import { leaderboardKeys, useLeaderboard } from "./api";
import { contributorIdentity } from "./leaderboard-identity";
import { RankAvatar, YouBadge } from "./rank-avatar";

/** docs/product-spec.md §9: the home page shows the top five. */
const TOP_CONTRIBUTORS_COUNT = 5;
const query = { limit: TOP_CONTRIBUTORS_COUNT };

/** The home page's five students with the most coins of all time, with a way to the full leaderboard. */
export function TopContributors({ className }: { className?: string }) {
  const headingId = useId();
  // Drawn as a background render React slices, not in the task of the answer's arrival (ADR 0046 addendum).
  const top = useDeferredValue(useLeaderboard(query));
  useRefreshOnVisit(leaderboardKeys.list(query));

  return (
    <section aria-labelledby={headingId} className={cn("grid content-start gap-5", className)}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-bold text-2xl text-stone-900 tracking-tight">
            Top Contributors
          </h2>
          <p className="text-stone-700">The students with the most coins of all time.</p>
        </div>
        <Link to={paths.leaderboard} className={buttonClasses("outline", "sm")}>
          View Leaderboard
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </div>
      {top.data ? (
        top.data.length > 0 ? (
          <Card className="p-2">
            <ol className="grid">
              {top.data.map((entry) => {
                const identity = contributorIdentity(entry);
                return (
                  <li
                    key={entry.rank}
                    className={cn(
                      "flex items-center gap-3 rounded-xl px-3 py-2.5",
                      entry.isViewer && "bg-saffron-50",
                    )}
                  >
                    <span className="w-7 shrink-0 text-center font-bold text-stone-700 tabular-nums">
                      <span className="sr-only">Rank </span>
                      {entry.rank}
                    </span>
                    <RankAvatar
                      initials={identity.initials}
                      name={identity.name}
                      isAnonymous={identity.isAnonymous}
                    />
                    <span className="flex min-w-0 flex-1 flex-wrap items-center gap-2 font-semibold text-stone-900">
                      <span className="min-w-0 break-words">{identity.name}</span>
                      {entry.isViewer && <YouBadge />}
                    </span>
                    <span className="shrink-0 text-right text-sm text-stone-700">
                      <span className="font-bold text-base text-stone-900 tabular-nums">
                        {formatNumber(entry.coins)}
                      </span>
                      {" coins"}
                    </span>
                  </li>
                );
              })}
            </ol>
          </Card>
        ) : (
          <EmptyState icon={Users} title="No contributors yet">
            Complete an opportunity and earn coins to be the first name here.
          </EmptyState>
        )
      ) : top.isError ? (
        <LoadError what="the top contributors" error={top.error} onRetry={() => top.refetch()} />
      ) : (
        <SkeletonList
          count={TOP_CONTRIBUTORS_COUNT}
          className="grid gap-2"
          itemClassName="h-12"
          label="Loading the top contributors"
        />
      )}
    </section>
  );
}
