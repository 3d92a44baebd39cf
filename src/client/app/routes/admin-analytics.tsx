import { PlaceholderScreen } from "../../components/ui/placeholder-screen";

export default function AdminAnalyticsScreen() {
  return <PlaceholderScreen title="Analytics" />;
}
