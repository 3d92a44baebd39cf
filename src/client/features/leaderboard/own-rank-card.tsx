import { Card } from "@client/components/ui/card";
import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { formatNumber } from "@client/lib/format-number";
import type { Timeframe } from "@shared/contract/leaderboard";
import { ShieldCheck, Trophy } from "lucide-react";
import { useId } from "react";
import { useOwnRank } from "./api";

interface OwnRankCardProps {
  timeframe: Timeframe;
  opportunityId: number | undefined;
  /** How many rows the table shows, to say when the student is below them. */
  tableSize: number;
}

/** The signed-in student's own standing for the same filters, also when outside the table. */
export function OwnRankCard({ timeframe, opportunityId, tableSize }: OwnRankCardProps) {
  const headingId = useId();
  const ownRank = useOwnRank({ timeframe, opportunityId });

  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-col gap-4 border-saffron-200 bg-gradient-to-br from-saffron-50 to-white p-5 sm:flex-row sm:items-center">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-saffron-100 text-saffron-800">
          <Trophy aria-hidden className="size-6" />
        </span>
        <div className="grid flex-1 gap-1">
          <h2 id={headingId} className="font-semibold text-sm text-stone-700">
            Your Rank
          </h2>
          {ownRank.isPending ? (
            <>
              <Skeleton className="h-8 w-40" />
              <span className="sr-only">Loading</span>
            </>
          ) : ownRank.isError ? (
            <LoadError what="your rank" error={ownRank.error} onRetry={() => ownRank.refetch()} />
          ) : ownRank.data.rank === null ? (
            <>
              <p className="font-bold text-2xl text-stone-900">Not ranked yet</p>
              <p className="text-sm text-stone-700">Earn coins in this timeframe to join the rankings.</p>
            </>
          ) : (
            <>
              <p className="font-bold text-2xl text-stone-900">
                {`#${formatNumber(ownRank.data.rank)}`}
                <span className="font-medium text-base text-stone-700">
                  {` of ${formatNumber(ownRank.data.rankedStudents)} ranked ${ownRank.data.rankedStudents === 1 ? "student" : "students"}`}
                </span>
              </p>
              {ownRank.data.rank > tableSize && (
                <p className="text-sm text-stone-700">
                  {`You are just outside the top ${tableSize} listed below. Keep going!`}
                </p>
              )}
            </>
          )}
        </div>
        {ownRank.data && (
          <dl className="grid grid-cols-2 gap-3 sm:w-64">
            <OwnFigure label="Coins" value={formatNumber(ownRank.data.coins)} />
            <OwnFigure label="Completed" value={formatNumber(ownRank.data.completedApplications)} />
          </dl>
        )}
      </Card>
    </section>
  );
}

function OwnFigure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-saffron-200 bg-white px-3 py-2">
      <dt className="text-stone-700 text-xs">{label}</dt>
      <dd className="font-bold text-lg text-stone-900">{value}</dd>
    </div>
  );
}

/** Shown to administrators in place of the rank card: only students are ranked (docs/product-rules.md §4). */
export function AdminRankNote() {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3 text-indigo-900 text-sm">
      <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
      Administrators are not ranked. You see the leaderboard as students do, anonymous students included.
    </p>
  );
}
