import { useCurrentUser } from "../../features/auth/api";
import { LandingPage } from "../../features/landing/landing-page";
import { SignedInHome } from "../../features/opportunities/signed-in-home";

/** "/": the pitch for visitors, the opportunities home for signed-in users. */
export default function HomeScreen() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return null;
  return user ? <SignedInHome user={user} /> : <LandingPage />;
}
