import { Button, buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { EmptyState } from "@client/components/ui/empty-state";
import { Input, NativeSelect } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Page } from "@client/components/ui/page";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import {
  ApplicationsTable,
  applicationsCsv,
  applicationsCsvFileName,
  filterApplications,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type StatusFilter,
  statusFilterOf,
} from "@client/features/applications";
import { useOpportunityApplications } from "@client/features/applications/api";
import { useOpportunity } from "@client/features/opportunities/api";
import { AdminWaitlist } from "@client/features/waitlist";
import { useAdminWaitlist } from "@client/features/waitlist/api";
import { hasStatus } from "@client/lib/api-client";
import { cn } from "@client/lib/cn";
import { downloadTextFile } from "@client/lib/download";
import { durationText, TYPE_LABELS } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import { queryKeys } from "@client/lib/query-keys";
import { useRefreshOnVisit } from "@client/lib/use-refresh-on-visit";
import { useSendToLoginWhenUnauthorized } from "@client/lib/use-send-to-login";
import { isCompletedStatus } from "@shared/domain/application-status";
import { ArrowLeft, Download, SearchX } from "lucide-react";
import { useId, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";

function BackLink() {
  return (
    <Link to={paths.adminOpportunities} className={`${buttonClasses("ghost", "sm")} -ml-3 w-fit`}>
      <ArrowLeft aria-hidden className="size-4" />
      All Opportunities
    </Link>
  );
}

function NotFound() {
  return (
    <Page className="grid gap-6">
      <title>Opportunity Not Found · Seva</title>
      <BackLink />
      <EmptyState icon={SearchX} title="Opportunity Not Found" headingLevel={1}>
        It may have been deleted, or the link is wrong.
      </EmptyState>
    </Page>
  );
}

/** /admin/applications/:opportunityId — the applications of one opportunity. */
function ApplicationsPage({ opportunityId }: { opportunityId: number }) {
  const isValidId = Number.isInteger(opportunityId) && opportunityId > 0;
  const opportunity = useOpportunity(opportunityId);
  const applications = useOpportunityApplications(opportunityId, { enabled: isValidId });
  useSendToLoginWhenUnauthorized(opportunity.error, applications.error);
  useRefreshOnVisit(queryKeys.opportunity(opportunityId), queryKeys.opportunityApplications(opportunityId));
  const [search, setSearch] = useState("");
  // The status filter lives in the address, so the manager's counts can link to "hours submitted" and a
  // filtered list can be shared or reloaded.
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFilterOf(searchParams.get("status"));
  const setStatus = (next: StatusFilter) =>
    setSearchParams(
      (params) => {
        if (next === "all") params.delete("status");
        else params.set("status", next);
        return params;
      },
      { replace: true },
    );
  const searchId = useId();
  const statusId = useId();
  const exportHintId = useId();

  if (!isValidId || hasStatus(opportunity.error, 404) || hasStatus(applications.error, 404)) {
    return <NotFound />;
  }
  if (opportunity.isPending) {
    return (
      <Page className="grid gap-6">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-28" />
        <Skeleton className="h-64" />
      </Page>
    );
  }
  if (opportunity.isError) {
    return (
      <Page className="grid gap-6">
        <title>Applications · Seva</title>
        <BackLink />
        <h1 className="font-bold text-2xl text-stone-900">Applications</h1>
        <LoadError what="this opportunity" error={opportunity.error} onRetry={() => opportunity.refetch()} />
      </Page>
    );
  }

  const details = opportunity.data;
  const all = applications.data ?? [];
  const shown = filterApplications(all, { search, status });
  const withdrawn = all.filter((application) => application.status === "withdrawn").length;
  const counts = applications.data && {
    total: all.length - withdrawn,
    pending: all.filter((application) => application.status === "pending").length,
    completed: all.filter((application) => isCompletedStatus(application.status)).length,
  };

  function exportCsv() {
    downloadTextFile(
      applicationsCsvFileName(details.title, new Date()),
      applicationsCsv(shown),
      "text/csv;charset=utf-8",
    );
  }

  return (
    <Page className="grid gap-8">
      <title>{`Applications · ${details.title} · Seva`}</title>
      <header className="grid gap-3">
        <BackLink />
        <p className="font-semibold text-saffron-800 text-sm uppercase tracking-wide">Applications</p>
        <h1 className="font-bold text-2xl text-stone-900 tracking-tight sm:text-3xl">{details.title}</h1>
        <Card className="p-5">
          <h2 className="sr-only">Opportunity details</h2>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div className="grid gap-0.5">
              <dt className="text-stone-600">Type</dt>
              <dd className="font-semibold text-stone-900">{TYPE_LABELS[details.type]}</dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-stone-600">Duration</dt>
              <dd className="font-semibold text-stone-900">
                {durationText(details.duration, details.customDuration, "short")}
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-stone-600">Reward rate</dt>
              <dd className="font-semibold text-stone-900">
                {`${details.coinsPerHour} coins/hour · up to ${details.maxCoins} coins`}
              </dd>
            </div>
          </dl>
        </Card>
      </header>

      <section aria-label="Application counts">
        <dl className="grid grid-cols-3 divide-x divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm">
          <Count label="Total" value={counts?.total} className="text-indigo-900" />
          <Count label="Pending" value={counts?.pending} className="text-amber-800" />
          <Count label="Completed" value={counts?.completed} className="text-green-800" />
        </dl>
      </section>

      <section aria-labelledby={`${searchId}-heading`} className="grid gap-4">
        <h2 id={`${searchId}-heading`} className="sr-only">
          Applicants
        </h2>
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="grid flex-1 gap-1.5">
            <label htmlFor={searchId} className="font-medium text-sm text-stone-800">
              Search by name or e-mail
            </label>
            <Input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="grid gap-1.5 md:w-48">
            <label htmlFor={statusId} className="font-medium text-sm text-stone-800">
              Status
            </label>
            <NativeSelect
              id={statusId}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              {STATUS_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {STATUS_FILTER_LABELS[filter]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            variant="secondary"
            onClick={exportCsv}
            disabled={shown.length === 0}
            aria-describedby={exportHintId}
          >
            <Download aria-hidden className="size-4" />
            Export CSV
          </Button>
        </div>
        <p id={exportHintId} className="text-stone-600 text-xs" aria-live="polite">
          {`${shown.length} of ${all.length} ${all.length === 1 ? "application" : "applications"} shown; Export CSV saves the ones shown.`}
        </p>

        {applications.isPending ? (
          <Skeleton className="h-64" />
        ) : applications.isError ? (
          <LoadError
            what="the applications"
            error={applications.error}
            onRetry={() => applications.refetch()}
          />
        ) : shown.length === 0 ? (
          <EmptyState icon={SearchX} title="No Applications Found">
            {all.length === 0
              ? "No one has applied to this opportunity yet."
              : "No application matches this search and status. Try adjusting the filters."}
          </EmptyState>
        ) : (
          <ApplicationsTable applications={shown} opportunity={details} />
        )}
        {withdrawn > 0 && status !== "withdrawn" && (
          <p className="text-sm text-stone-700">
            {`${withdrawn} withdrawn ${withdrawn === 1 ? "application is" : "applications are"} kept apart: choose the Withdrawn status to see them.`}
          </p>
        )}
      </section>

      <WaitlistSection opportunityId={opportunityId} />
    </Page>
  );
}

/** 'Waiting list (N)': who is in line for a place, who holds an offer and until when (ADR 0037). */
function WaitlistSection({ opportunityId }: { opportunityId: number }) {
  const waitlist = useAdminWaitlist(opportunityId);
  const live = (waitlist.data ?? []).filter(
    (entry) => entry.status === "waiting" || entry.status === "offered",
  );
  return (
    <Section
      title={`Waiting list (${live.length})`}
      description="Students in line for a place when this opportunity is full; each freed place is offered to the first for 48 hours."
    >
      {waitlist.isPending ? (
        <Skeleton className="h-24" />
      ) : waitlist.isError ? (
        <LoadError what="the waiting list" error={waitlist.error} onRetry={() => waitlist.refetch()} />
      ) : (
        <Card className="p-4">
          <AdminWaitlist entries={waitlist.data} />
        </Card>
      )}
    </Section>
  );
}

function Count({ label, value, className }: { label: string; value: number | undefined; className: string }) {
  return (
    <div className="grid gap-0.5 px-4 py-3 text-center sm:px-6 sm:py-4 sm:text-left">
      <dt className="font-medium text-sm text-stone-700">{label}</dt>
      <dd className={cn("font-bold text-2xl sm:text-3xl", className)}>{value ?? "…"}</dd>
    </div>
  );
}

export default function AdminApplicationsScreen() {
  const { opportunityId } = useParams();
  return <ApplicationsPage key={opportunityId} opportunityId={Number(opportunityId)} />;
}
