import { buttonClasses } from "@client/components/ui/button";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Section } from "@client/components/ui/section";
import { SkeletonList } from "@client/components/ui/skeleton";
import { AdministratorsSection } from "@client/features/administrators";
import { useCurrentUser } from "@client/features/auth/api";
import { useDrawnAfterFirstPaint } from "@client/lib/first-paint";
import { paths } from "@client/lib/paths";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { AdminApplication } from "@shared/contract/applications";
import type { CurrentUser } from "@shared/contract/auth";
import { Plus } from "lucide-react";
import { useDeferredValue } from "react";
import { Link } from "react-router";
import { ActiveOpportunities, ActiveOpportunitiesSkeleton } from "./active-opportunities";
import { HOURS_TO_REVIEW, PENDING, useAdminDashboardData } from "./admin-lists";
import { CountBadge } from "./count-badge";
import { HoursReviewList } from "./hours-review-list";
import { PendingList } from "./pending-list";
import { QuickActions } from "./quick-actions";
import { RecentlyCompleted, RecentlyCompletedSkeleton } from "./recently-completed";
import { ReviewQueue } from "./review-queue";
import { StatCards } from "./stat-cards";

// Started before the first render when the app opens on the dashboard (app/lazy-screen.tsx).
export { prefetchAdminDashboard as prefetch } from "./admin-lists";

// Defined once, so the memoised queues are not drawn again whenever the dashboard is (a stat arriving, say).
const pendingList = (applications: readonly AdminApplication[]) => (
  <PendingList applications={applications} />
);
const hoursReviewList = (applications: readonly AdminApplication[]) => (
  <HoursReviewList applications={applications} />
);

function AdminDashboard({ user }: { user: CurrentUser }) {
  const drawLists = useDrawnAfterFirstPaint();
  return (
    <Page className="grid gap-10">
      <div className="grid gap-4">
        <PageHeader
          title="Admin Dashboard"
          description={`${user.firstSignIn ? "Welcome" : "Welcome back"}, ${user.firstName}. Review applications and hours, and keep opportunities moving.`}
        />
        <QuickActions />
      </div>
      {drawLists ? <DashboardLists user={user} /> : <DashboardListsSkeleton />}
    </Page>
  );
}

/**
 * What the dashboard shows in the first commit of a visit that opens on it: the stat cards waiting for their
 * numbers, and the queues' places, so the header paints before the lists are drawn (useDrawnAfterFirstPaint).
 */
function DashboardListsSkeleton() {
  return (
    <>
      <StatCards
        pending={undefined}
        hoursToReview={undefined}
        activeOpportunities={undefined}
        recentlyCompleted={undefined}
      />
      <SkeletonList
        count={2}
        className="grid gap-10 lg:grid-cols-2 lg:gap-6"
        itemClassName="h-[36rem]"
        label="Loading the review queues"
      />
    </>
  );
}

function DashboardLists({ user }: { user: CurrentUser }) {
  // Each answer is drawn as a background render that React slices, not in the long task that the query's answer
  // would otherwise start (ADR 0046, addendum); the skeletons stay meanwhile.
  const { pendingTotal, hoursTotal, recentlyCompleted, activeOpportunities } = useDeferredValue(
    useAdminDashboardData(user.role === "admin"),
  );
  useRefreshOnVisit(["admin"]);
  useSendToLoginWhenUnauthorized(
    pendingTotal.error,
    hoursTotal.error,
    recentlyCompleted.error,
    activeOpportunities.error,
  );
  const activeTotal = activeOpportunities.data?.total;

  return (
    <>
      <StatCards
        pending={pendingTotal.total}
        hoursToReview={hoursTotal.total}
        activeOpportunities={activeTotal}
        recentlyCompleted={recentlyCompleted.data?.length}
      />

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-6">
        <ReviewQueue
          title="Pending Applications"
          description="Accept or reject new applications."
          status={PENDING}
          newestSort="applied"
          what="pending applications"
          whatOne="pending application"
          total={pendingTotal.total}
        >
          {pendingList}
        </ReviewQueue>
        <ReviewQueue
          title="Hours to Review"
          description="Approve to award the computed coins, or reject with feedback."
          status={HOURS_TO_REVIEW}
          newestSort="recent"
          what="hour submissions"
          whatOne="hour submission"
          total={hoursTotal.total}
        >
          {hoursReviewList}
        </ReviewQueue>
      </div>

      <Section
        title="Recently Completed Work"
        description="The latest approved hours and completed applications."
      >
        {recentlyCompleted.isPending ? (
          <RecentlyCompletedSkeleton />
        ) : recentlyCompleted.isError ? (
          <LoadError
            what="completed work"
            error={recentlyCompleted.error}
            onRetry={() => recentlyCompleted.refetch()}
          />
        ) : (
          <RecentlyCompleted applications={recentlyCompleted.data} />
        )}
      </Section>

      <Section
        title="Active Opportunities"
        description="Open for applications, with their progress toward the hour target."
        action={
          <div className="flex items-center gap-3">
            {activeTotal !== undefined && <CountBadge count={activeTotal} />}
            <Link to={paths.adminOpportunityNew} className={buttonClasses("outline", "sm")}>
              <Plus aria-hidden className="size-4" />
              Create New
            </Link>
          </div>
        }
      >
        {activeOpportunities.isPending ? (
          <ActiveOpportunitiesSkeleton />
        ) : activeOpportunities.isError ? (
          <LoadError
            what="active opportunities"
            error={activeOpportunities.error}
            onRetry={() => activeOpportunities.refetch()}
          />
        ) : (
          <ActiveOpportunities
            opportunities={activeOpportunities.data.items}
            total={activeOpportunities.data.total}
          />
        )}
      </Section>

      <AdministratorsSection viewerId={user.id} enabled={user.role === "admin"} />
    </>
  );
}

export default function AdminDashboardScreen() {
  // RequireAdmin renders this screen only for a signed-in admin.
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return null;
  return <AdminDashboard user={user} />;
}
