import { EmptyState } from "@client/components/ui/empty-state";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { SkeletonList } from "@client/components/ui/skeleton";
import { useCurrentUser } from "@client/features/auth/api";
import {
  type Activity,
  AdminRankNote,
  ALL_ACTIVITIES,
  LeaderboardFilters,
  LeaderboardPodium,
  LeaderboardTable,
  OwnRankCard,
  PODIUM_SIZE,
  TIMEFRAME_LABELS,
} from "@client/features/leaderboard";
import { leaderboardKeys, useLeaderboard } from "@client/features/leaderboard/api";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import type { Timeframe } from "@shared/contract/leaderboard";
import { Trophy } from "lucide-react";
import { useId, useState } from "react";

/** docs/product-spec.md §9: the leaderboard page lists the top 50. */
const LEADERBOARD_PAGE_LIMIT = 50;

function LeaderboardPage({ user }: { user: CurrentUser }) {
  const [timeframe, setTimeframe] = useState<Timeframe>("all");
  const [activity, setActivity] = useState<Activity | null>(null);
  const opportunityId = activity?.id;
  const [anonymizeAll, setAnonymizeAll] = useState(false);
  const rankingsHeadingId = useId();

  const leaderboard = useLeaderboard({ timeframe, opportunityId, limit: LEADERBOARD_PAGE_LIMIT });
  // Coins change with every admin decision; each visit shows the cached board at once, then the fresh one.
  useRefreshOnVisit(leaderboardKeys.all);
  useSendToLoginWhenUnauthorized(leaderboard.error);

  const entries = leaderboard.data;

  return (
    <Page className="grid gap-8">
      <PageHeader
        title="Leaderboard"
        description="Celebrating the students who give the most of themselves to the community."
      />
      <LeaderboardFilters
        timeframe={timeframe}
        onTimeframeChange={setTimeframe}
        activity={activity}
        onActivityChange={setActivity}
        anonymizeAll={anonymizeAll}
        onAnonymizeAllChange={setAnonymizeAll}
      />

      {user.role === "student" ? (
        <OwnRankCard timeframe={timeframe} opportunityId={opportunityId} tableSize={LEADERBOARD_PAGE_LIMIT} />
      ) : (
        <AdminRankNote />
      )}

      {entries && entries.length >= PODIUM_SIZE && (
        <LeaderboardPodium entries={entries} anonymizeAll={anonymizeAll} />
      )}

      <section aria-labelledby={rankingsHeadingId} className="grid gap-4" aria-busy={leaderboard.isFetching}>
        <div className="grid gap-1">
          <h2 id={rankingsHeadingId} className="font-bold text-stone-900 text-xl tracking-tight">
            Rankings
          </h2>
          <p className="text-sm text-stone-700">
            {`The top ${LEADERBOARD_PAGE_LIMIT} students by coins earned, ${TIMEFRAME_LABELS[timeframe].toLowerCase()}.`}
          </p>
        </div>
        {entries ? (
          entries.length > 0 ? (
            <LeaderboardTable
              entries={entries}
              anonymizeAll={anonymizeAll}
              caption={`Rankings, ${TIMEFRAME_LABELS[timeframe]}, ${activity?.title ?? ALL_ACTIVITIES}`}
            />
          ) : (
            <EmptyState icon={Trophy} title="No Rankings Available">
              No student has earned coins for these filters yet. Complete an opportunity to lead the way.
            </EmptyState>
          )
        ) : leaderboard.isError ? (
          <LoadError what="the leaderboard" error={leaderboard.error} onRetry={() => leaderboard.refetch()} />
        ) : (
          <SkeletonList
            count={5}
            className="grid gap-2"
            itemClassName="h-14"
            label="Loading the leaderboard"
          />
        )}
      </section>
    </Page>
  );
}

export default function LeaderboardScreen() {
  // RequireSignedIn renders this screen only for a signed-in user.
  const { user } = useCurrentUser();
  if (!user) return null;
  return <LeaderboardPage user={user} />;
}
