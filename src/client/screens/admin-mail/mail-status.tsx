// A message's status in the admins' words, as a badge.
import { cn } from "@client/lib/cn";
import type { MailLogStatus } from "@shared/contract/mail";

export const MAIL_STATUS_LABELS: Record<MailLogStatus, string> = {
  sent: "Sent",
  pending: "Waiting",
  failed: "Failed",
  not_sent: "Not sent: no mail server",
};

const TONES: Record<MailLogStatus, string> = {
  sent: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
  not_sent: "bg-stone-200 text-stone-800",
};

export function MailStatusBadge({ status }: { status: MailLogStatus }) {
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 font-medium text-xs", TONES[status])}>
      {MAIL_STATUS_LABELS[status]}
    </span>
  );
}
