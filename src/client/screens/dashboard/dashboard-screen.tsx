import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import { StatCard } from "@client/components/ui/stat-card";
import { useUserApplications } from "@client/features/applications/api";
import { useCurrentUser } from "@client/features/auth/api";
import { RankValue } from "@client/features/leaderboard";
import { OnboardingTour, useOnboardingDismissal } from "@client/features/onboarding";
import { OwnWaitlist } from "@client/features/waitlist";
import { useOwnWaitlist } from "@client/features/waitlist/api";
import { queryKeys } from "@client/lib/query-keys";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { StudentApplication } from "@shared/contract/applications";
import type { CurrentUser } from "@shared/contract/auth";
import { countsAs, summariseApplications } from "@shared/domain/application-status";
import { CircleCheckBig, Clock, Hourglass, Trophy } from "lucide-react";
import { useRef } from "react";
import { DiscoverSection } from "./discover-section";
import { ImpactJourney } from "./impact-journey";
import { WelcomeHeader } from "./welcome-header";

/**
 * 'My Impact Journey' lists applications on open opportunities (docs/product-spec.md §2), and also work still
 * under way on a closed or filled one: accepted work goes on after closing (docs/product-rules.md §2).
 */
function isOnJourney(application: StudentApplication): boolean {
  return (
    application.opportunity.status === "open" ||
    (countsAs(application.status) === "active" && application.status !== "pending")
  );
}

function StudentDashboard({ user }: { user: CurrentUser }) {
  const applications = useUserApplications(user.id);
  const waitlist = useOwnWaitlist();
  useSendToLoginWhenUnauthorized(applications.error);
  useRefreshOnVisit(queryKeys.userApplications(user.id));
  const [isOnboardingDismissed, dismissOnboarding] = useOnboardingDismissal(user.id);
  const searchRef = useRef<HTMLInputElement>(null);

  const list = applications.data ?? [];
  const stats = summariseApplications(list);
  const loadingValue = (
    <>
      <Skeleton className="mt-1 h-7 w-12" />
      <span className="sr-only">Loading</span>
    </>
  );

  return (
    <Page className="grid gap-10">
      <WelcomeHeader user={user} />

      <section aria-label="Your impact at a glance">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard
            label="Completed"
            icon={CircleCheckBig}
            tone="green"
            value={applications.isPending ? loadingValue : stats.completed}
          />
          <StatCard
            label="Active"
            icon={Hourglass}
            tone="indigo"
            value={applications.isPending ? loadingValue : stats.active}
          />
          <StatCard
            label="Hours"
            icon={Clock}
            tone="violet"
            value={applications.isPending ? loadingValue : stats.hours}
          />
          <StatCard label="Rank" icon={Trophy} tone="saffron" value={<RankValue />} />
        </dl>
      </section>

      <Section
        title="My Impact Journey"
        description="Your applications, from review to coins. Submit your hours once you are ready."
      >
        {applications.isPending ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : applications.isError ? (
          <LoadError
            what="your applications"
            error={applications.error}
            onRetry={() => applications.refetch()}
          />
        ) : (
          <ImpactJourney applications={list.filter(isOnJourney)} />
        )}
      </Section>

      {(waitlist.data?.length ?? 0) > 0 && (
        <Section title="Waiting lists" description="Full opportunities you are in line for.">
          <OwnWaitlist entries={waitlist.data ?? []} />
        </Section>
      )}

      <Section title="Discover" description="Open opportunities you have not applied to yet.">
        <DiscoverSection searchRef={searchRef} />
      </Section>

      <OnboardingTour
        open={
          // After the programme question, which is a dialog of its own (root layout).
          !user.programPrompt && applications.isSuccess && list.length === 0 && !isOnboardingDismissed
        }
        onDismiss={dismissOnboarding}
        focusAfterClose={searchRef}
      />
    </Page>
  );
}

export default function DashboardScreen() {
  // RequireStudent renders this screen only for a signed-in student.
  const { user } = useCurrentUser();
  if (!user) return null;
  return <StudentDashboard user={user} />;
}
