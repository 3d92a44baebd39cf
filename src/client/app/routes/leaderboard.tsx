import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function LeaderboardScreen() {
  return <PlaceholderScreen title="Leaderboard" />;
}
