// The timeline dialog itself, loaded on demand by TimelineButton (timeline-dialog.tsx, ADR 0046).
import { DialogContent, DialogRoot } from "@client/components/ui/dialog";
import type { OnDemandDialogProps } from "@client/components/ui/dialog-on-demand";
import { ApplicationTimeline } from "./application-timeline";
import type { TimelineButtonProps } from "./timeline-dialog";

export default function TimelinePanel({
  applicationId,
  opportunityTitle,
  applicantName,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: TimelineButtonProps & OnDemandDialogProps) {
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Application Timeline"
        description={applicantName ? `${applicantName} · ${opportunityTitle}` : opportunityTitle}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {/* Mounted only while open, so the timeline loads when first asked for. */}
        <ApplicationTimeline applicationId={applicationId} />
      </DialogContent>
    </DialogRoot>
  );
}
