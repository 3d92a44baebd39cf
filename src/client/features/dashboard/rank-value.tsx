/**
 * The signed-in student's leaderboard rank, shown on the dashboard and the profile. Ranks arrive with the
 * leaderboard; until then this shows a dash, and this is the one place to wire the number in.
 */
export function RankValue() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">Not ranked yet</span>
    </>
  );
}
