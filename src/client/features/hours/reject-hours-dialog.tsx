import { Button, type ButtonSize, type ButtonVariant } from "@client/components/ui/button";
import { DialogContent, DialogRoot, DialogSubmitActions, DialogTrigger } from "@client/components/ui/dialog";
import { TextareaField } from "@client/components/ui/field";
import type { HoursUnderReview } from "@shared/contract/hours-record";
import { type FormEvent, useState } from "react";
import { HoursDetails } from "./hours-details";
import { type DecisionWording, useRejectHoursDecision } from "./use-hours-decisions";

interface RejectHoursDialogProps {
  applicationId: number;
  applicantName: string;
  hours: number;
  wording: DecisionWording;
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  /** The submission under review, shown in the dialog so the admin decides with the details in view. */
  underReview?: HoursUnderReview | null;
}

/**
 * Reject the hours under review, with feedback for the student. Blank feedback sends nothing: the button
 * stays disabled until there is something to say (the server refuses blank feedback too).
 */
export function RejectHoursDialog({
  applicationId,
  applicantName,
  hours,
  wording,
  triggerLabel = "Reject",
  triggerVariant = "outline",
  triggerSize = "sm",
  underReview = null,
}: RejectHoursDialogProps) {
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState("");
  const { reject, isPending } = useRejectHoursDecision(wording);
  const trimmed = feedback.trim();

  function changeOpen(next: boolean) {
    if (isPending) return;
    setOpen(next);
    if (next) setFeedback("");
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmed) return;
    void reject(applicationId, trimmed, () => setOpen(false));
  }

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} size={triggerSize}>
          {triggerLabel}
          <span className="sr-only">{` ${hours} ${hours === 1 ? "hour" : "hours"} from ${applicantName}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Reject Hours"
        description={`Tell ${applicantName} why the ${hours} ${hours === 1 ? "hour was" : "hours were"} not approved. They can submit again.`}
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
