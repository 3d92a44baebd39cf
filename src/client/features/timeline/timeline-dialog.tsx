import { DialogOnDemand, dialogOnDemand } from "@client/components/ui/dialog-on-demand";
import { History } from "lucide-react";

export interface TimelineButtonProps {
  applicationId: number;
  opportunityTitle: string;
  /** The applicant, in an admin's views; absent on the student's own screens ('your application'). */
  applicantName?: string;
}

const timeline = dialogOnDemand<TimelineButtonProps>(() => import("./timeline-panel"));

/**
 * A 'Timeline' button that opens the application's timeline in a dialog. Screen readers hear whose application
 * and which opportunity, as the button sits beside others of its kind in a list. The dialog's code loads on
 * demand (ADR 0046).
 */
export function TimelineButton(props: TimelineButtonProps) {
  const { opportunityTitle, applicantName } = props;
  const whose = applicantName ? `${applicantName}'s application` : "your application";
  return (
    <DialogOnDemand dialog={timeline} props={props} variant="outline" size="sm">
      <History aria-hidden className="size-4" />
      Timeline
      <span className="sr-only">{` of ${whose} to ${opportunityTitle}`}</span>
    </DialogOnDemand>
  );
}
