// 'Submit Hours' on an accepted application of the student's dashboard. Its dialog (Radix's dialog and the form)
// loads once the page is idle or the button is reached, so the dashboard paints without it (ADR 0046).
import { DialogOnDemand, dialogOnDemand } from "@client/components/ui/dialog-on-demand";
import { Clock } from "lucide-react";
import type { SubmitHoursDialogProps } from "./submit-hours-dialog";

const submitHoursDialog = dialogOnDemand<SubmitHoursDialogProps>(() => import("./submit-hours-dialog"));

export function SubmitHoursButton(props: SubmitHoursDialogProps) {
  return (
    <DialogOnDemand dialog={submitHoursDialog} props={props} size="sm">
      <Clock aria-hidden className="size-4" />
      Submit Hours
      <span className="sr-only">{` for ${props.opportunity.title}`}</span>
    </DialogOnDemand>
  );
}
