import { Button } from "@client/components/ui/button";
import { DialogContent, DialogRoot, DialogSubmitActions, DialogTrigger } from "@client/components/ui/dialog";
import { InputField, TextareaField, WHOLE_NUMBER_INPUT } from "@client/components/ui/field";
import { shownToStudentText } from "@client/lib/award-text";
import type { HoursUnderReview } from "@shared/contract/hours-record";
import { expectedAward, remainingUnderCap } from "@shared/domain/coins";
import { MAX_COINS_PER_DECISION } from "@shared/domain/limits";
import { type FormEvent, useState } from "react";
import { HoursDetails } from "./hours-details";
import { useApproveHoursDecision } from "./use-hours-decisions";

interface ApproveHoursDialogProps {
  application: { id: number; submittedHours: number; coinsAwarded: number };
  applicantName: string;
  opportunity: { coinsPerHour: number; maxCoins: number };
  /** The submission under review, shown in the dialog; a disputed one needs a note (the server refuses without). */
  underReview?: HoursUnderReview | null;
  /** The trigger's text: 'Approve' by default. */
  triggerLabel?: string;
}

/** A whole number of coins above 0, else null (the Approve button stays disabled). */
export function parseCoins(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const coins = Number(text);
  return coins > 0 && coins <= MAX_COINS_PER_DECISION ? coins : null;
}

/**
 * Approve Hours on the applications table. The dialog starts at the amount the student was shown when
 * submitting: hours × the opportunity's rate within what its cap leaves (expectedAward, ADR 0024).
 */
export function ApproveHoursDialog({
  application,
  applicantName,
  opportunity,
  underReview = null,
  triggerLabel = "Approve",
}: ApproveHoursDialogProps) {
  const basis = {
    hours: application.submittedHours,
    coinsPerHour: opportunity.coinsPerHour,
    maxCoins: opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };
  const suggested = String(expectedAward(basis));
  const [open, setOpen] = useState(false);
  const [coinsText, setCoinsText] = useState(suggested);
  const [feedback, setFeedback] = useState("");
  const { approve, isPending } = useApproveHoursDecision("plain");
  const coins = parseCoins(coinsText);
  const payable = remainingUnderCap(application.coinsAwarded, opportunity.maxCoins);
  const disputed = underReview?.verification.status === "disputed";
  const noteMissing = disputed && feedback.trim() === "";

  function changeOpen(next: boolean) {
    if (isPending) return;
    setOpen(next);
    // Start from the suggestion each time: the submission may have changed since the last opening.
    if (next) {
      setCoinsText(suggested);
      setFeedback("");
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (coins === null || noteMissing) return;
    void approve(application.id, { coinsAwarded: coins, feedback: feedback.trim() || null }, () =>
      setOpen(false),
    );
  }

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          {triggerLabel}
          <span className="sr-only">{` ${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"} from ${applicantName}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Approve Hours"
        description={`${applicantName} submitted ${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"}.`}
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
