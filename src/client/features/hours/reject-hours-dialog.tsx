import type { ButtonSize, ButtonVariant } from "@client/components/ui/button";
import { DialogOnDemand, dialogOnDemand } from "@client/components/ui/dialog-on-demand";
import type { HoursUnderReview } from "@shared/contract/hours-record";
import type { DecisionWording } from "./use-hours-decisions";

export interface RejectHoursDialogProps {
  applicationId: number;
  applicantName: string;
  hours: number;
  wording: DecisionWording;
  /** The submission under review, shown in the dialog so the admin decides with the details in view. */
  underReview?: HoursUnderReview | null;
}

const rejectHours = dialogOnDemand<RejectHoursDialogProps>(() => import("./reject-hours-panel"));

/**
 * Reject the hours under review, with feedback for the student. Blank feedback sends nothing: the button
 * stays disabled until there is something to say (the server refuses blank feedback too). The dialog's code
 * loads on demand (ADR 0046).
 */
export function RejectHoursDialog({
  triggerLabel = "Reject",
  triggerVariant = "outline",
  triggerSize = "sm",
  ...props
}: RejectHoursDialogProps & {
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
}) {
  const { hours, applicantName } = props;
  return (
    <DialogOnDemand dialog={rejectHours} props={props} variant={triggerVariant} size={triggerSize}>
      {triggerLabel}
      <span className="sr-only">{` ${hours} ${hours === 1 ? "hour" : "hours"} from ${applicantName}`}</span>
    </DialogOnDemand>
  );
}
