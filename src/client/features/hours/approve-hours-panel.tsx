// The Approve Hours dialog itself, loaded on demand by ApproveHoursDialog (approve-hours-dialog.tsx, ADR 0046).
import { DialogContent, DialogRoot, DialogSubmitActions } from "@client/components/ui/dialog";
import type { OnDemandDialogProps } from "@client/components/ui/dialog-on-demand";
import { InputField, TextareaField, WHOLE_NUMBER_INPUT } from "@client/components/ui/field";
import { shownToStudentText } from "@client/lib/award-text";
import { expectedAward, remainingUnderCap } from "@shared/domain/coins";
import { type FormEvent, useState } from "react";
import type { ApproveHoursDialogProps } from "./approve-hours-dialog";
import { HoursDetails } from "./hours-details";
import { parseCoins } from "./parse-coins";
import { useApproveHoursDecision } from "./use-hours-decisions";

/** Starts at the amount the student was shown (expectedAward, ADR 0024); each opening starts afresh. */
export default function ApproveHoursPanel({
  application,
  applicantName,
  opportunity,
  underReview = null,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: ApproveHoursDialogProps & OnDemandDialogProps) {
  const basis = {
    hours: application.submittedHours,
    coinsPerHour: opportunity.coinsPerHour,
    maxCoins: opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };
  const [coinsText, setCoinsText] = useState(() => String(expectedAward(basis)));
  const [feedback, setFeedback] = useState("");
  const { approve, isPending } = useApproveHoursDecision("plain");
  const coins = parseCoins(coinsText);
  const payable = remainingUnderCap(application.coinsAwarded, opportunity.maxCoins);
  const disputed = underReview?.verification.status === "disputed";
  const noteMissing = disputed && feedback.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (coins === null || noteMissing) return;
    void approve(application.id, { coinsAwarded: coins, feedback: feedback.trim() || null }, () =>
      onOpenChange(false),
    );
  }

  return (
    <DialogRoot open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent
        title="Approve Hours"
        description={`${applicantName} submitted ${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"}.`}
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
          <InputField
            label="Coins to award"
            hint={`${shownToStudentText(basis)} ${payable} of the ${opportunity.maxCoins}-coin cap ${payable === 1 ? "is" : "are"} left for this student; awards beyond it are cut.`}
            errors={
              coins === null && coinsText !== "" ? ["Enter a whole number of coins above 0"] : undefined
            }
            {...WHOLE_NUMBER_INPUT}
            required
            value={coinsText}
            onChange={(event) => setCoinsText(event.target.value)}
          />
          <TextareaField
            label={disputed ? "Note (required for disputed hours)" : "Feedback (optional)"}
            hint={
              disputed
                ? "The supervisor disputed these hours: say why they stand. The student sees this note."
                : undefined
            }
            required={disputed}
            maxLength={2000}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <DialogSubmitActions disabled={coins === null || noteMissing} isPending={isPending}>
            Approve Hours
          </DialogSubmitActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
