import { buttonClasses } from "@client/components/ui/button";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import { AdministratorsSection } from "@client/features/administrators";
import { useCurrentUser } from "@client/features/auth/api";
import { paths } from "@client/lib/paths";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ActiveOpportunities, ActiveOpportunitiesSkeleton } from "./active-opportunities";
import { countText, useAdminDashboardData } from "./admin-lists";
import { HoursReviewList } from "./hours-review-list";
import { PendingList } from "./pending-list";
import { QuickActions } from "./quick-actions";
import { RecentlyCompleted, RecentlyCompletedSkeleton } from "./recently-completed";
import { StatCards } from "./stat-cards";

function ListSkeleton() {
  return (
    <div className="grid gap-2">
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
  );
}

function AdminDashboard({ user }: { user: CurrentUser }) {
  const { pending, hoursToReview, recentlyCompleted, activeOpportunities } = useAdminDashboardData(
    user.role === "admin",
  );
  useRefreshOnVisit(["admin"]);
  useSendToLoginWhenUnauthorized(
    pending.error,
    hoursToReview.error,
    recentlyCompleted.error,
    activeOpportunities.error,
  );

  return (
    <Page className="grid gap-10">
      <div className="grid gap-4">
        <PageHeader
          title="Admin Dashboard"
          description={`${user.firstSignIn ? "Welcome" : "Welcome back"}, ${user.firstName}. Review applications and hours, and keep opportunities moving.`}
        />
        <QuickActions />
      </div>

      <StatCards
        pending={pending.data?.length}
        hoursToReview={hoursToReview.data?.length}
        activeOpportunities={activeOpportunities.data?.length}
        recentlyCompleted={recentlyCompleted.data?.length}
      />

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-6">
        <Section
          title="Pending Applications"
          description="Accept or reject new applications."
          action={pending.data && <CountBadge count={pending.data.length} />}
        >
          {pending.isPending ? (
            <ListSkeleton />
          ) : pending.isError ? (
            <LoadError what="pending applications" error={pending.error} onRetry={() => pending.refetch()} />
          ) : (
            <PendingList applications={pending.data} />
          )}
        </Section>
        <Section
          title="Hours to Review"
          description="Approve to award the computed coins, or reject with feedback."
          action={hoursToReview.data && <CountBadge count={hoursToReview.data.length} />}
        >
          {hoursToReview.isPending ? (
            <ListSkeleton />
          ) : hoursToReview.isError ? (
            <LoadError
              what="hours to review"
              error={hoursToReview.error}
              onRetry={() => hoursToReview.refetch()}
            />
          ) : (
            <HoursReviewList applications={hoursToReview.data} />
          )}
        </Section>
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
            {activeOpportunities.data && <CountBadge count={activeOpportunities.data.length} />}
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
          <ActiveOpportunities opportunities={activeOpportunities.data} />
        )}
      </Section>

      <AdministratorsSection viewerId={user.id} enabled={user.role === "admin"} />
    </Page>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <span className="rounded-full bg-stone-200 px-2.5 py-0.5 font-semibold text-sm text-stone-800">
      {countText(count)}
      <span className="sr-only"> in the list</span>
    </span>
  );
}

export default function AdminDashboardScreen() {
  // RequireAdmin renders this screen only for a signed-in admin.
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return null;
  return <AdminDashboard user={user} />;
}
