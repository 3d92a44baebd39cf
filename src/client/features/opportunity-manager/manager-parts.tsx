import { buttonClasses } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { useCloseOpportunity } from "@client/features/opportunities/api";
import { CopyShareLinkButton } from "@client/features/share";
import { toastAdminFailure } from "@client/lib/admin-failure";
import { cn } from "@client/lib/cn";
import { paths } from "@client/lib/paths";
import { toast } from "@client/lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { AdminOpportunity } from "@shared/contract/opportunities";
import { ClipboardList, Lock, Pencil } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { DeleteOpportunityDialog } from "./delete-opportunity-dialog";

/** The spec's badge: Active while open, Closed for any other status. */
export function ManagerStatusBadge({ status }: { status: AdminOpportunity["status"] }) {
  const isOpen = status === "open";
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 font-semibold text-xs",
        isOpen ? "bg-emerald-100 text-emerald-900" : "bg-stone-200 text-stone-800",
      )}
    >
      {isOpen ? "Active" : "Closed"}
    </span>
  );
}

/** The spec's four counts, each with the applications page's filter that lists exactly what it counts. */
export const MANAGER_COUNTS = [
  { key: "pending", label: "Pending", filter: "pending" },
  { key: "accepted", label: "Accepted", filter: "accepted" },
  { key: "hoursSubmitted", label: "Hours Submitted", filter: "hours_submitted" },
  { key: "completed", label: "Completed", filter: "completed" },
] as const;

/** A count; above zero it links to the applications it counts, so an admin goes straight to hours to review. */
export function ManagerCount({
  opportunity,
  count,
}: {
  opportunity: AdminOpportunity;
  count: (typeof MANAGER_COUNTS)[number];
}) {
  const value = opportunity.counts[count.key];
  if (value === 0) return <>0</>;
  return (
    <Link
      to={paths.adminApplications(opportunity.id, count.filter)}
      className="rounded text-indigo-800 underline underline-offset-2 hover:text-indigo-950"
    >
      {value}
      <span className="sr-only">{` ${count.label.toLowerCase()}: ${opportunity.title}`}</span>
    </Link>
  );
}

/**
 * What an admin does with one opportunity: its applications (the one way to them, the applications page), edit,
 * the share link of a private one, close while open, and remove. They wrap unless `className` says otherwise.
 */
export function ManagerActions({
  opportunity,
  className,
}: {
  opportunity: AdminOpportunity;
  className?: string;
}) {
  const { id, title } = opportunity;
  const context = <span className="sr-only">{` ${title}`}</span>;
  return (
    <div className={cn("flex gap-1.5", className ?? "flex-wrap")}>
      <Link to={paths.adminApplications(id)} className={buttonClasses("secondary", "sm")}>
        <ClipboardList aria-hidden className="size-4" />
        Manage Applications{context}
      </Link>
      <Link to={paths.adminOpportunityEdit(id)} className={buttonClasses("outline", "sm")}>
        <Pencil aria-hidden className="size-4" />
        Edit{context}
      </Link>
      {opportunity.visibility === "private" && (
        <CopyShareLinkButton id={id} shareToken={opportunity.shareToken} title={title} />
      )}
      {opportunity.status === "open" && <CloseOpportunityButton id={id} title={title} />}
      <DeleteOpportunityDialog id={id} title={title} />
    </div>
  );
}

function CloseOpportunityButton({ id, title }: { id: number; title: string }) {
  const close = useCloseOpportunity();
  const [open, setOpen] = useState(false);
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);

  // mutateAsync: a closed row may leave the refreshed list (filter 'Open') before mutate's callbacks would run.
  async function closeOpportunity() {
    try {
      await close.mutateAsync(id);
      setOpen(false);
      toast({
        title: "Opportunity Closed",
        description: "Students can no longer apply to this opportunity.",
      });
    } catch (error) {
      setOpen(false);
      if (!handleLoggedOut(error)) toastAdminFailure(error, "Failed to close opportunity");
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={{
        className: buttonClasses("outline", "sm"),
        label: (
          <>
            <Lock aria-hidden className="size-4" />
            Close<span className="sr-only">{` ${title}`}</span>
          </>
        ),
      }}
      title={`Close “${title}”?`}
      description="Students can no longer apply to this opportunity. Students already accepted can still submit their hours."
      confirmLabel="Close Opportunity"
      confirmVariant="primary"
      isPending={close.isPending}
      onConfirm={closeOpportunity}
    />
  );
}
