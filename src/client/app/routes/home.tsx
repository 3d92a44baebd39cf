import { lazy } from "react";
import { useCurrentUser } from "../../features/auth/api";
import { LandingPage } from "../../features/landing/landing-page";

// Visitors get the pitch with this screen; the signed-in home is its own chunk, which visitors never load.
const SignedInHome = lazy(() =>
  import("../../features/opportunities/signed-in-home").then((module) => ({ default: module.SignedInHome })),
);

/** "/": the pitch for visitors, the opportunities home for signed-in users. */
export default function HomeScreen() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return null;
  return user ? <SignedInHome user={user} /> : <LandingPage />;
}
