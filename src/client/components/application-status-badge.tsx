import { cn } from "@client/lib/cn";
import { ADMIN_STATUS_LABELS, STUDENT_STATUS_LABELS } from "@shared/domain/application-status";
import type { ApplicationStatus } from "@shared/domain/enums";

// docs/product-spec.md §4: pending yellow, accepted blue, completed green, rejected red. Hours under review
// is violet, and approved hours read as completed work, so green.
const statusClasses: Record<ApplicationStatus, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  accepted: "bg-blue-100 text-blue-900 ring-blue-300",
  hours_submitted: "bg-violet-100 text-violet-900 ring-violet-300",
  hours_approved: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  completed: "bg-green-100 text-green-900 ring-green-300",
  rejected: "bg-red-100 text-red-900 ring-red-300",
  withdrawn: "bg-stone-100 text-stone-800 ring-stone-300",
};

interface ApplicationStatusBadgeProps {
  status: ApplicationStatus;
  /** Students read 'Under Review', 'Ready to Start'…; admin lists read 'Pending', 'Accepted'… */
  audience: "student" | "admin";
  className?: string;
}

export function ApplicationStatusBadge({ status, audience, className }: ApplicationStatusBadgeProps) {
  const labels = audience === "student" ? STUDENT_STATUS_LABELS : ADMIN_STATUS_LABELS;
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1 ring-inset",
        statusClasses[status],
        className,
      )}
    >
      {labels[status]}
    </span>
  );
}
