import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { SkeletonList } from "@client/components/ui/skeleton";
import { useUserApplications } from "@client/features/applications/api";
import { CommunityImpact, TopContributors } from "@client/features/leaderboard";
import { OnboardingTour, useOnboardingDismissal } from "@client/features/onboarding";
import { useOpportunities } from "@client/features/opportunities/api";
import { greetingFor } from "@client/lib/greeting";
import { queryKeys } from "@client/lib/query-keys";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import { CircleCheckBig, Hourglass, Sparkles } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useMemo } from "react";
import { HomeCallsToAction } from "./home-calls-to-action";
import { type HeroStat, HomeHero } from "./home-hero";
import {
  activeCount,
  completedCount,
  IMPACT_PROGRESS_COUNT,
  impactProgressOf,
  motivationFor,
  TRENDING_COUNT,
} from "./home-summary";
import { ImpactProgress } from "./impact-progress";
import { TrendingOpportunities, TrendingOpportunitiesSkeleton } from "./trending-opportunities";

/**
 * "/" for signed-in users. Admins see the same feed students see, without the personal parts (they cannot
 * apply), and no admin data is loaded here.
 */
export default function SignedInHome({ user }: { user: CurrentUser }) {
  const isStudent = user.role === "student";
  // Each answer is drawn as a background render that React slices, not in the long task that the query's answer
  // would otherwise start (as on the admin dashboard, ADR 0046 addendum); the skeletons stay meanwhile.
  const feed = useDeferredValue(useOpportunities({ limit: TRENDING_COUNT }));
  const applications = useDeferredValue(useUserApplications(user.id, { enabled: isStudent }));
  // An admin may have decided on one of them since the last visit.
  useRefreshOnVisit(queryKeys.userApplications(user.id));
  useSendToLoginWhenUnauthorized(feed.error, applications.error);

  const [isTourDismissed, dismissTour] = useOnboardingDismissal(user.id);
  const myApplications = applications.data;
  const appliedIds = useMemo(
    () => new Set(myApplications?.map((application) => application.opportunityId)),
    [myApplications],
  );
  const completed = myApplications ? completedCount(myApplications) : 0;
  const available: HeroStat = { label: "Opportunities Available", icon: Sparkles, value: feed.data?.total };
  const stats: HeroStat[] = isStudent
    ? [
        { label: "Projects Done", icon: CircleCheckBig, value: myApplications && completed },
        {
          label: "Active Applications",
          icon: Hourglass,
          value: myApplications && activeCount(myApplications),
        },
        available,
      ]
    : [available];

  return (
    <>
      <title>Opportunities · Seva</title>
      <HomeHero
        greeting={greetingFor(user)}
        message={isStudent ? motivationFor(completed) : "Here is what students can apply to right now."}
        stats={stats}
      />
      <Page className="grid gap-10 py-6 sm:gap-12 sm:py-10">
        {isStudent && (
          <HomeSection title="Your Impact Progress" description="Where your latest applications stand.">
            {myApplications ? (
              <ImpactProgress applications={impactProgressOf(myApplications)} />
            ) : applications.isError ? (
              <LoadError what="your applications" error={applications.error} onRetry={applications.refetch} />
            ) : (
              // A card's height with a two-line title, as the demo's titles wrap on a laptop (162 px): at 144 px
              // everything below moved down 18 px when the cards came (Lighthouse desktop, CLS 0.004).
              <SkeletonList
                count={IMPACT_PROGRESS_COUNT}
                className="grid gap-4 md:grid-cols-3"
                itemClassName="h-[10.125rem] rounded-2xl"
              />
            )}
          </HomeSection>
        )}
        <HomeSection
          title="Trending Opportunities"
          description="The newest ways to make a difference, refreshed as they are published."
        >
          {feed.data ? (
            <TrendingOpportunities opportunities={feed.data.opportunities} appliedIds={appliedIds} />
          ) : feed.isError ? (
            <LoadError what="the opportunities" error={feed.error} onRetry={feed.refetch} />
          ) : (
            <TrendingOpportunitiesSkeleton />
          )}
        </HomeSection>
        <div className="grid gap-10 lg:grid-cols-2">
          <TopContributors />
          <CommunityImpact />
        </div>
        <HomeSection title="Your Next Step">
          <HomeCallsToAction role={user.role} />
        </HomeSection>
      </Page>
      {/* "/" is where a student lands after signing in: a newcomer's first arrival opens the tour here. */}
      <OnboardingTour
        open={
          // After the programme question, which is a dialog of its own (root layout).
          isStudent &&
          user.firstSignIn &&
          !user.programPrompt &&
          myApplications?.length === 0 &&
          !isTourDismissed
        }
        onDismiss={dismissTour}
      />
    </>
  );
}

function HomeSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-5">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-bold text-2xl text-stone-900 tracking-tight">
          {title}
        </h2>
        {description && <p className="text-stone-700">{description}</p>}
      </div>
      {children}
    </section>
  );
}
