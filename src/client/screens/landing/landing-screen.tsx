import { Button, buttonClasses } from "@client/components/ui/button";
import { useSignInOptions } from "@client/features/auth/api";
import { paths } from "@client/lib/paths";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { FEATURES_SECTION_ID, FeatureGrid } from "./feature-grid";
import { HowItWorks } from "./how-it-works";
import { ImpactPreviewCard } from "./impact-preview-card";

function showFeatures() {
  const section = document.getElementById(FEATURES_SECTION_ID);
  if (!section) return;
  section.scrollIntoView({ block: "start" });
  // Move keyboard focus too, so the next Tab continues from the features rather than from the button.
  section.focus({ preventScroll: true });
}

/** The public pitch at "/" for signed-out visitors. */
export default function LandingPage() {
  // Where registration is closed (ADR 0033), joining means signing in with an account an administrator made.
  const registrationClosed = useSignInOptions().data?.registration === "closed";
  const joinPath = registrationClosed ? paths.login : paths.register;
  return (
    <>
      <title>Seva · Volunteer with purpose</title>
      <section className="focus-ring-light bg-gradient-to-br from-indigo-950 via-indigo-900 to-indigo-800 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.1fr_0.9fr]">
          <div className="grid gap-6">
            <p className="w-fit rounded-full border border-white/20 bg-white/10 px-3 py-1 font-medium text-saffron-200 text-sm">
              Volunteering for the IIM Bangalore community
            </p>
            <h1 className="font-bold text-4xl leading-tight tracking-tight sm:text-5xl">
              Turn your time into <span className="text-saffron-300">real-world impact</span>
            </h1>
            <p className="max-w-xl text-indigo-100 text-lg">
              Seva brings curated volunteer opportunities to your campus. Apply in a click, log your hours,
              earn coins and badges, and see your contribution add up.
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to={joinPath} className={buttonClasses("primary", "lg")}>
                Start Your Journey
                <ArrowRight aria-hidden className="size-5" />
              </Link>
              <Button variant="onDark" size="lg" onClick={showFeatures}>
                Learn More
              </Button>
            </div>
          </div>
          <ImpactPreviewCard />
        </div>
      </section>
      <FeatureGrid />
      <HowItWorks />
      <section aria-labelledby="join-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="focus-ring-light flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-saffron-700 to-saffron-800 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-10">
          <div className="grid gap-2">
            <h2 id="join-heading" className="font-bold text-2xl tracking-tight">
              Ready to make a difference?
            </h2>
            <p className="text-saffron-50">
              {registrationClosed
                ? "Sign in with the account your administrators created for you."
                : "Create your account with your institutional e-mail in under a minute."}
            </p>
          </div>
          <Link to={joinPath} className={buttonClasses("outline", "lg")}>
            Join
          </Link>
        </div>
      </section>
    </>
  );
}
