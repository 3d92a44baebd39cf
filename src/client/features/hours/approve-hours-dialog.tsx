import { DialogOnDemand, dialogOnDemand } from "@client/components/ui/dialog-on-demand";
import type { HoursUnderReview } from "@shared/contract/hours-record";

export interface ApproveHoursDialogProps {
  application: { id: number; submittedHours: number; coinsAwarded: number };
  applicantName: string;
  opportunity: { coinsPerHour: number; maxCoins: number };
  /** The submission under review, shown in the dialog; a disputed one needs a note (the server refuses without). */
  underReview?: HoursUnderReview | null;
}

const approveHours = dialogOnDemand<ApproveHoursDialogProps>(() => import("./approve-hours-panel"));

/**
 * Approve Hours on the applications table. The dialog starts at the amount the student was shown when
 * submitting: hours × the opportunity's rate within what its cap leaves (expectedAward, ADR 0024). Its code loads
 * on demand (ADR 0046).
 */
export function ApproveHoursDialog({
  triggerLabel = "Approve",
  ...props
}: ApproveHoursDialogProps & {
  /** The trigger's text: 'Approve' by default. */
  triggerLabel?: string;
}) {
  const hours = props.application.submittedHours;
  return (
    <DialogOnDemand dialog={approveHours} props={props} size="sm">
      {triggerLabel}
      <span className="sr-only">{` ${hours} ${hours === 1 ? "hour" : "hours"} from ${props.applicantName}`}</span>
    </DialogOnDemand>
  );
}
