import { useCurrentUser } from "@client/features/auth/api";
import { LeaderboardPage } from "@client/features/leaderboard/leaderboard-page";

export default function LeaderboardScreen() {
  // RequireSignedIn renders this screen only for a signed-in user.
  const { user } = useCurrentUser();
  if (!user) return null;
  return <LeaderboardPage user={user} />;
}
