import { useCurrentUser } from "@client/features/auth/api";
import { LandingPage } from "@client/features/landing/landing-page";
import { lazy } from "react";

// Visitors get the pitch with this screen; the signed-in home is its own chunk, which visitors never load.
const SignedInHome = lazy(() =>
  import("@client/features/opportunities/signed-in-home").then((module) => ({
    default: module.SignedInHome,
  })),
);

/** "/": the pitch for visitors, the opportunities home for signed-in users. */
export default function HomeScreen() {
  const { user, isPending } = useCurrentUser();
  if (isPending) return null;
  return user ? <SignedInHome user={user} /> : <LandingPage />;
}
