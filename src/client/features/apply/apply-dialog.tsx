// The Apply button's dialog, loaded when the button is first wanted (apply-button.tsx, ADR 0046).
import { DialogContent, DialogRoot, DialogSubmitActions } from "@client/components/ui/dialog";
import type { OnDemandDialogProps } from "@client/components/ui/dialog-on-demand";
import { durationText } from "@client/lib/opportunity-labels";
import { queryKeys } from "@client/lib/query-keys";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { OpportunityDetail } from "@shared/contract/opportunities";
import { useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { Checkbox } from "radix-ui";
import { useId, useState } from "react";
import { useApply } from "./api";

export interface ApplyDialogProps {
  opportunity: OpportunityDetail;
  /** Where the organiser will write to confirm. */
  email: string;
  /** The share link's key the page was opened by; a private opportunity refuses applications without it. */
  shareKey: string | undefined;
}

/**
 * The Apply confirmation: the student confirms availability and commitment first. Mounted afresh for each
 * opening, so the box starts unticked.
 */
export default function ApplyDialog({
  opportunity,
  email,
  shareKey,
  open,
  onOpenChange: setOpen,
  onCloseAutoFocus,
}: ApplyDialogProps & OnDemandDialogProps) {
  const apply = useApply();
  const queryClient = useQueryClient();
  const handleLoggedOut = useHandleLoggedOut();
  const checkboxId = useId();
  const [isCommitted, setIsCommitted] = useState(false);

  function changeOpen(next: boolean) {
    if (!apply.isPending) setOpen(next);
  }

  // mutateAsync rather than mutate's callbacks: the refresh after a success replaces the Apply button (and this
  // dialog) with 'Applied' before the callbacks would run, and React Query skips them once unmounted.
  async function submit() {
    try {
      await apply.mutateAsync({ opportunityId: opportunity.id, shareKey });
      setOpen(false);
      toast({
        title: "Application Submitted",
        description: "You're one step closer to making a difference!",
      });
    } catch (error) {
      setOpen(false);
      if (handleLoggedOut(error)) return;
      toastFailure(error, "Application Failed", "Failed to submit application");
      // A refusal usually means the opportunity changed (closed, full): show its current state.
      void queryClient.invalidateQueries({ queryKey: queryKeys.opportunity(opportunity.id) });
    }
  }

  const facts = [
    { label: "Schedule", value: opportunity.schedule },
    { label: "Location", value: opportunity.location },
    { label: "Duration", value: durationText(opportunity.duration, opportunity.customDuration) },
  ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value));

  return (
    <DialogRoot open={open} onOpenChange={changeOpen}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        title={`Apply for ${opportunity.title}`}
        description={`Please confirm you are available for this opportunity and ready to commit to it. Once an organiser reviews your application, they will send a confirmation e-mail to ${email} with the next steps.`}
      >
        <dl className="grid gap-2 rounded-xl bg-stone-100 p-4 text-sm">
          {facts.map((fact) => (
            <div key={fact.label} className="grid grid-cols-[6rem_1fr] gap-2">
              <dt className="text-stone-600">{fact.label}</dt>
              <dd className="break-words font-medium text-stone-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-start gap-3">
          <Checkbox.Root
            id={checkboxId}
            checked={isCommitted}
            onCheckedChange={(checked) => setIsCommitted(checked === true)}
            className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border border-stone-500 bg-white data-[state=checked]:border-saffron-700 data-[state=checked]:bg-saffron-700"
          >
            <Checkbox.Indicator>
              <Check aria-hidden className="size-4 text-white" strokeWidth={3} />
            </Checkbox.Indicator>
          </Checkbox.Root>
          <label htmlFor={checkboxId} className="text-sm text-stone-800">
            I confirm that I am available for this schedule and commit to completing this opportunity.
          </label>
        </div>
        <DialogSubmitActions onConfirm={submit} disabled={!isCommitted} isPending={apply.isPending}>
          Apply Now
        </DialogSubmitActions>
      </DialogContent>
    </DialogRoot>
  );
}
