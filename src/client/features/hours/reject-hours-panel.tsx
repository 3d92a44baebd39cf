// The Reject Hours dialog itself, loaded on demand by RejectHoursDialog (reject-hours-dialog.tsx, ADR 0046).
import { DialogContent, DialogRoot, DialogSubmitActions } from "@client/components/ui/dialog";
import type { OnDemandDialogProps } from "@client/components/ui/dialog-on-demand";
import { TextareaField } from "@client/components/ui/field";
import { type FormEvent, useState } from "react";
import { HoursDetails } from "./hours-details";
import type { RejectHoursDialogProps } from "./reject-hours-dialog";
import { useRejectHoursDecision } from "./use-hours-decisions";

export default function RejectHoursPanel({
  applicationId,
  applicantName,
  hours,
  wording,
  underReview = null,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: RejectHoursDialogProps & OnDemandDialogProps) {
  const [feedback, setFeedback] = useState("");
  const { reject, isPending } = useRejectHoursDecision(wording);
  const trimmed = feedback.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    void reject(applicationId, trimmed, () => onOpenChange(false));
  }

  return (
    <DialogRoot open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent
        title="Reject Hours"
        description={`Tell ${applicantName} why the ${hours} ${hours === 1 ? "hour was" : "hours were"} not approved. They can submit again.`}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <form onSubmit={submit} className="grid gap-4">
          {underReview && (
            <HoursDetails
              className="rounded-xl border border-stone-200 bg-stone-50 p-3"
              served={underReview}
              verification={underReview.verification}
            />
          )}
          <TextareaField
            label="Feedback for the student"
            hint="Required. What should change before they submit again?"
            required
            maxLength={2000}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <DialogSubmitActions variant="destructive" disabled={!trimmed} isPending={isPending}>
            Reject Hours
          </DialogSubmitActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
