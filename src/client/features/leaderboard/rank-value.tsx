import { useCurrentUser } from "@client/features/auth/api";
import { formatNumber } from "@client/lib/format-number";
import { useOwnRank } from "./api";

/** The signed-in student's all-time leaderboard rank, shown on the dashboard and the profile. Admins are not ranked. */
export function RankValue() {
  const { user } = useCurrentUser();
  const isStudent = user?.role === "student";
  const { data, isPending } = useOwnRank({ timeframe: "all" }, { enabled: isStudent });
  if (!isStudent || isPending || !data || data.rank === null) {
    const text = !isStudent ? "Not ranked" : isPending ? "Loading rank" : "Not ranked yet";
    return (
      <>
        <span aria-hidden>—</span>
        <span className="sr-only">{text}</span>
      </>
    );
  }
  return <>#{formatNumber(data.rank)}</>;
}
