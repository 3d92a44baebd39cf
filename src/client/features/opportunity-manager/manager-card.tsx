import { Button, buttonClasses } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { OpportunityApplicationGroups } from "@client/features/applications";
import { OpportunityTypeTag } from "@client/features/opportunities";
import { useCloseOpportunity } from "@client/features/opportunities/api";
import { CopyShareLinkButton } from "@client/features/share";
import { toastAdminFailure } from "@client/lib/admin-failure";
import { cn } from "@client/lib/cn";
import { formatDate } from "@client/lib/format";
import { countOf } from "@client/lib/opportunity-labels";
import { paths } from "@client/lib/paths";
import { toast } from "@client/lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { ChevronDown, ClipboardList, Lock, Pencil } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { DeleteOpportunityDialog } from "./delete-opportunity-dialog";
import { HoursProgress } from "./hours-progress";

interface ManagerCardProps {
  opportunity: AdminOpportunity;
  isExpanded: boolean;
  onToggle: () => void;
}

/** One opportunity on the manager page: its figures, its actions and, expanded, its applications. */
export function ManagerCard({ opportunity, isExpanded, onToggle }: ManagerCardProps) {
  const titleId = useId();
  const regionId = useId();
  const { id, title, counts } = opportunity;
  const isOpen = opportunity.status === "open";
  const requiredHours = opportunity.totalRequiredHours ?? 0;
  const context = <span className="sr-only">{` ${title}`}</span>;

  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={titleId} className="grid gap-5">
        <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="grid min-w-0 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={cn(
                  "inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold text-xs",
                  isOpen ? "bg-emerald-100 text-emerald-900" : "bg-stone-200 text-stone-800",
                )}
              >
                {isOpen ? "Active" : "Closed"}
              </span>
              <OpportunityTypeTag type={opportunity.type} />
              {opportunity.visibility === "private" && (
                <span className="inline-flex items-center gap-1 text-stone-700 text-xs">
                  <Lock aria-hidden className="size-3.5" />
                  Private
                </span>
              )}
            </div>
            <h2 id={titleId} className="break-words font-semibold text-lg text-stone-900 leading-snug">
              <Link
                to={paths.opportunity(id)}
                className="underline-offset-2 hover:text-saffron-800 hover:underline"
              >
                {title}
              </Link>
            </h2>
            <p className="text-sm text-stone-600">
              {`Created ${formatDate(opportunity.createdAt)} · ${countOf(opportunity._count.applications, "applicant")}`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 md:shrink-0 md:justify-end">
            <Link to={paths.adminOpportunityEdit(id)} className={buttonClasses("outline", "sm")}>
              <Pencil aria-hidden className="size-4" />
              Edit{context}
            </Link>
            {opportunity.visibility === "private" && (
              <CopyShareLinkButton id={id} shareToken={opportunity.shareToken} title={title} />
            )}
            {isOpen && <CloseOpportunityButton id={id} title={title} />}
            <DeleteOpportunityDialog id={id} title={title} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Count label="Pending" value={counts.pending} className="bg-amber-50 text-amber-900" />
          <Count label="Accepted" value={counts.accepted} className="bg-blue-50 text-blue-900" />
          <Count
            label="Hours Submitted"
            value={counts.hoursSubmitted}
            className="bg-violet-50 text-violet-900"
          />
          <Count label="Completed" value={counts.completed} className="bg-emerald-50 text-emerald-900" />
        </dl>
        {requiredHours > 0 && (
          <HoursProgress
            title={title}
            completedHours={opportunity.completedHours}
            totalRequiredHours={requiredHours}
          />
        )}
        <div className="flex flex-col gap-2 border-stone-100 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={isExpanded}
            aria-controls={regionId}
            onClick={onToggle}
          >
            <ChevronDown
              aria-hidden
              className={cn("size-4 transition-transform", isExpanded && "rotate-180")}
            />
            {isExpanded ? "Hide Applications" : "Show Applications"}
            {context}
          </Button>
          <Link to={paths.adminApplications(id)} className={buttonClasses("secondary", "sm")}>
            <ClipboardList aria-hidden className="size-4" />
            Manage applications{context}
          </Link>
        </div>
        <section id={regionId} aria-label={`Applications for ${title}`} hidden={!isExpanded}>
          {isExpanded && <OpportunityApplicationGroups opportunity={opportunity} headingLevel={3} />}
        </section>
      </article>
    </Card>
  );
}

function Count({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className={cn("grid gap-0.5 rounded-xl px-4 py-3", className)}>
      <dt className="font-medium text-xs">{label}</dt>
      <dd className="font-bold text-2xl">{value}</dd>
    </div>
  );
}

function CloseOpportunityButton({ id, title }: { id: number; title: string }) {
  const close = useCloseOpportunity();
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);

  // mutateAsync: a closed card may leave the refreshed list (filter 'Open') before mutate's callbacks would run.
  async function closeOpportunity() {
    try {
      await close.mutateAsync(id);
      toast({
        title: "Opportunity Closed",
        description: "Students can no longer apply to this opportunity.",
      });
    } catch (error) {
      if (!handleLoggedOut(error)) toastAdminFailure(error, "Failed to close opportunity");
    }
  }

  return (
    <Button variant="outline" size="sm" isPending={close.isPending} onClick={closeOpportunity}>
      {!close.isPending && <Lock aria-hidden className="size-4" />}
      Close<span className="sr-only">{` ${title}`}</span>
    </Button>
  );
}
