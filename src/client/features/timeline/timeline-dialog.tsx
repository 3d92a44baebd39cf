import { Button } from "@client/components/ui/button";
import { DialogContent, DialogRoot, DialogTrigger } from "@client/components/ui/dialog";
import { History } from "lucide-react";
import { ApplicationTimeline } from "./application-timeline";

interface TimelineButtonProps {
  applicationId: number;
  opportunityTitle: string;
  /** The applicant, in an admin's views; absent on the student's own screens ('your application'). */
  applicantName?: string;
}

/**
 * A 'Timeline' button that opens the application's timeline in a dialog. Screen readers hear whose application
 * and which opportunity, as the button sits beside others of its kind in a list.
 */
export function TimelineButton({ applicationId, opportunityTitle, applicantName }: TimelineButtonProps) {
  const whose = applicantName ? `${applicantName}'s application` : "your application";
  return (
    <DialogRoot>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History aria-hidden className="size-4" />
          Timeline
          <span className="sr-only">{` of ${whose} to ${opportunityTitle}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Application Timeline"
        description={applicantName ? `${applicantName} · ${opportunityTitle}` : opportunityTitle}
      >
        {/* Mounted only while open, so the timeline loads when first asked for. */}
        <ApplicationTimeline applicationId={applicationId} />
      </DialogContent>
    </DialogRoot>
  );
}
