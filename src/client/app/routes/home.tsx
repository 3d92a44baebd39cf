import { ComingSoon } from "../../components/ui/coming-soon";
import { Page } from "../../components/ui/page";
import { useCurrentUser } from "../../features/auth/api";
import { LandingPage } from "../../features/landing/landing-page";

/** "/": the pitch for visitors, the opportunities home for signed-in users. */
export default function HomeScreen() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (!user) return <LandingPage />;

  return (
    <Page>
      <title>Home · Seva</title>
      <header className="mb-6 grid gap-1">
        <h1 className="font-bold text-2xl text-stone-900 tracking-tight sm:text-3xl">{`Welcome back, ${user.firstName}!`}</h1>
        <p className="text-stone-700">Opportunities to make a difference, picked for you.</p>
      </header>
      <ComingSoon />
    </Page>
  );
}
