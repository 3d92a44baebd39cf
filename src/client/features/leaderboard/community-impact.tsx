import { LoadError } from "@client/components/ui/load-error";
import { Skeleton } from "@client/components/ui/skeleton";
import { cn } from "@client/lib/cn";
import { formatNumber } from "@client/lib/format-number";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { CircleCheckBig, Coins, FolderOpen, type LucideIcon, Users } from "lucide-react";
import { useDeferredValue, useId } from "react";
import { leaderboardKeys, useCommunityImpact } from "./api";

/** The home page's community totals: coins earned, opportunities, active students, projects completed. */
export function CommunityImpact({ className }: { className?: string }) {
  const headingId = useId();
  // Drawn as a background render React slices, not in the task of the answer's arrival (ADR 0046 addendum).
  const impact = useDeferredValue(useCommunityImpact());
  useRefreshOnVisit(leaderboardKeys.community);
  const totals = impact.data;

  return (
    // A container, so the tiles fill four columns when the section is wide and two when it is narrow.
    <section aria-labelledby={headingId} className={cn("@container grid content-start gap-5", className)}>
      <div className="grid gap-1">
        <h2 id={headingId} className="font-bold text-2xl text-stone-900 tracking-tight">
          Community Impact
        </h2>
        <p className="text-stone-700">What Seva volunteers have achieved together.</p>
      </div>
      {impact.isError ? (
        <LoadError what="the community totals" error={impact.error} onRetry={() => impact.refetch()} />
      ) : (
        <dl className="grid grid-cols-2 gap-3 @3xl:grid-cols-4">
          <ImpactTile label="Coins Earned" icon={Coins} value={totals?.totalCoins} tone="saffron" />
          <ImpactTile
            label="Total Opportunities"
            icon={FolderOpen}
            value={totals?.totalOpportunities}
            tone="indigo"
          />
          <ImpactTile label="Active Students" icon={Users} value={totals?.activeStudents} tone="violet" />
          <ImpactTile
            label="Projects Completed"
            icon={CircleCheckBig}
            value={totals?.projectsCompleted}
            tone="green"
          />
        </dl>
      )}
    </section>
  );
}

const toneClasses = {
  saffron: "bg-saffron-100 text-saffron-800",
  indigo: "bg-indigo-100 text-indigo-800",
  violet: "bg-violet-100 text-violet-800",
  green: "bg-green-100 text-green-800",
} as const;

interface ImpactTileProps {
  label: string;
  icon: LucideIcon;
  /** Undefined while it loads. */
  value: number | undefined;
  tone: keyof typeof toneClasses;
}

function ImpactTile({ label, icon: Icon, value, tone }: ImpactTileProps) {
  return (
    <div className="grid content-start gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 font-medium text-sm text-stone-700">
        <span
          className={cn("flex size-8 shrink-0 items-center justify-center rounded-lg", toneClasses[tone])}
        >
          <Icon aria-hidden className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="font-bold text-2xl text-stone-900 tabular-nums">
        {value === undefined ? (
          <>
            <Skeleton className="h-8 w-16" />
            <span className="sr-only">Loading</span>
          </>
        ) : (
          formatNumber(value)
        )}
      </dd>
    </div>
  );
}
