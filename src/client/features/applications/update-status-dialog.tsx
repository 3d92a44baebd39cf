import { Button } from "@client/components/ui/button";
import {
  DialogActions,
  DialogClose,
  DialogContent,
  DialogRoot,
  DialogSubmitActions,
  DialogTrigger,
} from "@client/components/ui/dialog";
import { InputField, SelectField, TextareaField, WHOLE_NUMBER_INPUT } from "@client/components/ui/field";
import { parseCoins } from "@client/features/hours";
import { awardBreakdown } from "@client/lib/award-text";
import { ADMIN_STATUS_LABELS, ADMIN_STATUS_TRANSITIONS } from "@shared/domain/application-status";
import { expectedAward, remainingUnderCap } from "@shared/domain/coins";
import type { ApplicationStatus } from "@shared/domain/enums";
import { type FormEvent, useState } from "react";
import type { UpdateStatusBody } from "./api";
import { useStatusDecision } from "./use-status-decision";

type SettableStatus = UpdateStatusBody["status"];

const STATUS_CHOICE_LABELS: Record<SettableStatus, string> = {
  accepted: "Accepted",
  rejected: "Rejected",
  completed: "Completed",
};

/** The statuses an admin may pick for an application in `status` (docs/product-rules.md §3). */
export function statusChoices(status: ApplicationStatus): SettableStatus[] {
  return ADMIN_STATUS_TRANSITIONS[status].filter(
    (next): next is SettableStatus => next === "accepted" || next === "rejected" || next === "completed",
  );
}

/** Hours from 0 in steps of 0.5, else null. */
export function parseHalfHours(text: string): number | null {
  if (text.trim() === "") return null;
  const hours = Number(text);
  return Number.isFinite(hours) && hours >= 0 && hours <= 10_000 && Number.isInteger(hours * 2)
    ? hours
    : null;
}

const DEFAULT_HOURS = "1";

// Admin lists call approved hours 'Completed'; here that would read as if there were nothing left to do.
const CURRENT_STATUS_LABELS: Record<ApplicationStatus, string> = {
  ...ADMIN_STATUS_LABELS,
  hours_approved: "Hours Approved",
};

interface UpdateStatusDialogProps {
  application: { id: number; status: ApplicationStatus; coinsAwarded: number; notes: string | null };
  applicantName: string;
  opportunity: { coinsPerHour: number; maxCoins: number };
}

export function UpdateStatusDialog({ application, applicantName, opportunity }: UpdateStatusDialogProps) {
  const choices = statusChoices(application.status);
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<SettableStatus | undefined>(choices[0]);
  const [hoursText, setHoursText] = useState(DEFAULT_HOURS);
  // Until the admin types an amount, the coins follow the suggestion for the hours entered.
  const [coinsText, setCoinsText] = useState<string | null>(null);
  const [feedback, setFeedback] = useState("");
  const [notes, setNotes] = useState(application.notes ?? "");
  const { decide, isPending } = useStatusDecision();

  const isCompleting = status === "completed";
  const hours = parseHalfHours(hoursText);
  const basis = {
    hours: hours ?? 1,
    coinsPerHour: opportunity.coinsPerHour,
    maxCoins: opportunity.maxCoins,
    alreadyAwarded: application.coinsAwarded,
  };
  const suggestedCoins = expectedAward(basis);
  const shownCoins = coinsText ?? String(suggestedCoins);
  const coins = parseCoins(shownCoins);
  const payable = remainingUnderCap(application.coinsAwarded, opportunity.maxCoins);
  const canSubmit =
    status !== undefined && (!isCompleting || (hours !== null && coins !== null && feedback.trim() !== ""));

  function changeOpen(next: boolean) {
    if (isPending) return;
    setOpen(next);
    if (next) {
      setStatus(choices[0]);
      setHoursText(DEFAULT_HOURS);
      setCoinsText(null);
      setFeedback("");
      setNotes(application.notes ?? "");
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || status === undefined) return;
    const body =
      status === "completed" && hours !== null && coins !== null
        ? {
            status,
            notes: notes.trim() || null,
            coinsAwarded: coins,
            hoursCompleted: hours,
            adminFeedback: feedback.trim(),
          }
        : { status, notes: notes.trim() || null };
    void decide(application.id, body, () => setOpen(false));
  }

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Update
          <span className="sr-only">{` application of ${applicantName}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Update Application Status"
        description={`${applicantName} · currently ${CURRENT_STATUS_LABELS[application.status]}`}
      >
        {choices.length === 0 ? (
          <>
            <p className="text-stone-700">
              {application.status === "completed"
                ? "This application is completed. Completed work is final."
                : "Hours are under review: approve or reject them first."}
            </p>
            <DialogActions>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogActions>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <SelectField
              label="New status"
              value={status}
              onChange={(event) => setStatus(event.target.value as SettableStatus)}
              options={choices}
              optionLabels={STATUS_CHOICE_LABELS}
            />
            {isCompleting && (
              <fieldset className="grid gap-4 rounded-xl border border-stone-200 p-4">
                <legend className="px-1 font-medium text-sm text-stone-800">Completion</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <InputField
                    label="Hours completed"
                    hint="From 0, in steps of 0.5."
                    errors={hours === null ? ["Enter hours from 0 in steps of 0.5"] : undefined}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.5}
                    required
                    value={hoursText}
                    onChange={(event) => setHoursText(event.target.value)}
                  />
                  <InputField
                    label="Coins awarded"
                    hint={`Suggested ${suggestedCoins} (${awardBreakdown(basis)}); ${payable} left under the cap.`}
                    errors={coins === null ? ["Enter a whole number of coins, at least 1"] : undefined}
                    {...WHOLE_NUMBER_INPUT}
                    required
                    value={shownCoins}
                    onChange={(event) => setCoinsText(event.target.value)}
                  />
                </div>
                <TextareaField
                  label="Feedback for the student"
                  hint="Required to complete."
                  required
                  maxLength={2000}
                  value={feedback}
                  onChange={(event) => setFeedback(event.target.value)}
                />
              </fieldset>
            )}
            <TextareaField
              label="Notes (optional)"
              className="min-h-16"
              maxLength={2000}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
            <DialogSubmitActions disabled={!canSubmit} isPending={isPending}>
              Update Status
            </DialogSubmitActions>
          </form>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
