import { Button, buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { Field, NativeSelect } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { PageHeader } from "@client/components/ui/page-header";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import {
  ApplicationsByType,
  ApplicationsOverTime,
  analyticsCsv,
  analyticsCsvFileName,
  EngagementInsights,
  KpiCards,
  PerformanceNotes,
  preloadChart,
  summaryText,
} from "@client/features/analytics";
import { useAnalytics } from "@client/features/analytics/api";
import { useCurrentUser } from "@client/features/auth/api";
import { downloadTextFile } from "@client/lib/download";
import { paths } from "@client/lib/paths";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import type { Analytics } from "@shared/contract/analytics";
import { DATE_RANGES } from "@shared/contract/query-bounds";
import { Download, List, Plus, Sparkles, Trophy } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";

type DateRange = (typeof DATE_RANGES)[number];
const DEFAULT_DATE_RANGE: DateRange = 30;
const RANGE_LABELS: Record<DateRange, string> = {
  7: "Last 7 days",
  30: "Last 30 days",
  90: "Last 90 days",
  365: "Last 365 days",
};

/** /admin/analytics. Rendered for administrators only, so the figures are fetched only for them. */
function AnalyticsPage() {
  const [dateRange, setDateRange] = useState<DateRange>(DEFAULT_DATE_RANGE);
  const analytics = useAnalytics(dateRange);
  // Applications arrive all the time; each visit shows the cached figures at once, then fresh ones.
  useRefreshOnVisit(["admin", "analytics"]);
  useSendToLoginWhenUnauthorized(analytics.error);
  const data = analytics.data;
  useEffect(preloadChart, []);

  function exportData() {
    if (!data) return;
    downloadTextFile(
      analyticsCsvFileName(data.dateRange, new Date()),
      analyticsCsv(data),
      "text/csv;charset=utf-8",
    );
  }

  return (
    <Page className="grid gap-10">
      <div className="grid gap-2">
        <PageHeader
          title="Analytics"
          description="How the programme is going: applications, completion and what students choose."
        />
        <div className="flex flex-wrap items-end gap-3">
          <Field label="Date range" className="w-full sm:w-56">
            {(control) => (
              <NativeSelect
                {...control}
                value={dateRange}
                onChange={(event) => setDateRange(Number(event.target.value) as DateRange)}
              >
                {DATE_RANGES.map((range) => (
                  <option key={range} value={range}>
                    {RANGE_LABELS[range]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Button variant="secondary" onClick={exportData} disabled={!data}>
            <Download aria-hidden className="size-4" />
            Export Data
          </Button>
        </div>
      </div>

      {data ? (
        <AnalyticsReport analytics={data} />
      ) : analytics.isError ? (
        <LoadError what="the analytics" error={analytics.error} onRetry={() => analytics.refetch()} />
      ) : (
        <ReportSkeleton />
      )}
    </Page>
  );
}

function AnalyticsReport({ analytics }: { analytics: Analytics }) {
  return (
    <>
      <section aria-label="Key figures">
        <KpiCards analytics={analytics} />
      </section>

      <div className="grid gap-10 lg:grid-cols-3 lg:gap-6">
        <Section
          title="Applications Over Time"
          className="lg:col-span-2"
          description="Applications made over the chosen range."
        >
          <Card className="p-4 sm:p-5">
            <ApplicationsOverTime series={analytics.applicationsOverTime} />
          </Card>
        </Section>
        <Section title="Applications by Type" description="Which kinds of opportunity students choose.">
          <Card className="p-5">
            <ApplicationsByType byType={analytics.applicationsByType} />
          </Card>
        </Section>
      </div>

      <div className="grid gap-10 lg:grid-cols-2 lg:gap-6">
        <Section title="Engagement Insights" description="What stands out in this period.">
          <EngagementInsights analytics={analytics} />
        </Section>
        <Section title="Performance Trends" description="Completion and demand compared with before.">
          <PerformanceNotes analytics={analytics} />
        </Section>
      </div>

      <Section title="Quick Actions">
        <nav aria-label="Quick Actions" className="grid gap-2 sm:flex sm:flex-wrap">
          <Link to={paths.adminOpportunityNew} className={buttonClasses("primary")}>
            <Plus aria-hidden className="size-4" />
            Create Opportunity
          </Link>
          <Link to={paths.adminOpportunities} className={buttonClasses("outline")}>
            <List aria-hidden className="size-4" />
            Manage Opportunities
          </Link>
          <Link to={paths.leaderboard} className={buttonClasses("outline")}>
            <Trophy aria-hidden className="size-4" />
            View Leaderboard
          </Link>
        </nav>
      </Section>

      <Section title="Summary">
        <Card className="flex items-start gap-3 border-indigo-200 bg-indigo-50 p-5">
          <Sparkles aria-hidden className="mt-0.5 size-5 shrink-0 text-indigo-800" />
          <p className="text-indigo-950">{summaryText(analytics)}</p>
        </Card>
      </Section>
    </>
  );
}

function ReportSkeleton() {
  return (
    <div className="grid gap-10">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-36 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-2xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-2xl" />
      </div>
      <span className="sr-only">Loading the analytics</span>
    </div>
  );
}

export default function AdminAnalyticsScreen() {
  // RequireAdmin renders this screen only for a signed-in admin, so the figures are fetched only for admins.
  const { user } = useCurrentUser();
  if (user?.role !== "admin") return null;
  return <AnalyticsPage />;
}
