import { Button } from "@client/components/ui/button";
import { DialogContent, DialogRoot, DialogSubmitActions, DialogTrigger } from "@client/components/ui/dialog";
import { InputField, TextareaField, WHOLE_NUMBER_INPUT } from "@client/components/ui/field";
import { quickApproveCoins, remainingUnderCap } from "@shared/domain/coins";
import { DEFAULT_COINS_PER_HOUR, MAX_COINS_PER_DECISION } from "@shared/domain/limits";
import { type FormEvent, useRef, useState } from "react";
import { useApproveHoursDecision } from "./use-hours-decisions";

interface ApproveHoursDialogProps {
  application: { id: number; submittedHours: number; coinsAwarded: number };
  applicantName: string;
  opportunity: { coinsPerHour: number; maxCoins: number };
}

/** A whole number of coins above 0, else null (the Approve button stays disabled). */
export function parseCoins(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const coins = Number(text);
  return coins > 0 && coins <= MAX_COINS_PER_DECISION ? coins : null;
}

/**
 * Approve Hours on the applications table: the dialog starts at submitted hours × 10 coins
 * (docs/product-spec.md §5).
 */
export function ApproveHoursDialog({ application, applicantName, opportunity }: ApproveHoursDialogProps) {
  const suggested = String(application.submittedHours * DEFAULT_COINS_PER_HOUR);
  const [open, setOpen] = useState(false);
  const [coinsText, setCoinsText] = useState(suggested);
  const [feedback, setFeedback] = useState("");
  const coinsInput = useRef<HTMLInputElement>(null);
  const { approve, isPending } = useApproveHoursDecision("plain");
  const coins = parseCoins(coinsText);
  const payable = remainingUnderCap(application.coinsAwarded, opportunity.maxCoins);
  const atRate = String(quickApproveCoins(application.submittedHours, opportunity.coinsPerHour));

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
    if (coins === null) return;
    void approve(application.id, { coinsAwarded: coins, feedback: feedback.trim() || null }, () =>
      setOpen(false),
    );
  }

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          Approve
          <span className="sr-only">{` ${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"} from ${applicantName}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Approve Hours"
        description={`${applicantName} submitted ${application.submittedHours} ${application.submittedHours === 1 ? "hour" : "hours"}.`}
      >
        <form onSubmit={submit} className="grid gap-4">
          <InputField
            label="Coins to award"
            hint={`This opportunity pays ${opportunity.coinsPerHour} coins per hour; ${payable} of its ${opportunity.maxCoins}-coin cap ${payable === 1 ? "is" : "are"} left for this student. Awards beyond the cap are cut.`}
            errors={
              coins === null && coinsText !== "" ? ["Enter a whole number of coins above 0"] : undefined
            }
            ref={coinsInput}
            {...WHOLE_NUMBER_INPUT}
            required
            value={coinsText}
            onChange={(event) => setCoinsText(event.target.value)}
          />
          {atRate !== suggested && coinsText !== atRate && (
            <Button
              variant="ghost"
              size="sm"
              className="-mt-2 justify-self-start"
              onClick={() => {
                setCoinsText(atRate);
                // The button goes away once used; keep focus on the amount it filled in.
                coinsInput.current?.focus();
              }}
            >
              {`Use the opportunity's rate: ${atRate} coins`}
            </Button>
          )}
          <TextareaField
            label="Feedback (optional)"
            maxLength={2000}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
          />
          <DialogSubmitActions disabled={coins === null} isPending={isPending}>
            Approve Hours
          </DialogSubmitActions>
        </form>
      </DialogContent>
    </DialogRoot>
  );
}
