// 'Withdraw Application' behind a confirmation (docs/product-rules.md §12): a pending application, or an accepted
// one with no hours submitted. The server refuses anything else with its reason, shown in the toast.
import { confirmDialogOnDemand } from "@client/components/ui/confirm-dialog-on-demand";
import { DialogOnDemand } from "@client/components/ui/dialog-on-demand";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { canWithdraw } from "@shared/domain/application-status";
import type { ApplicationStatus } from "@shared/domain/enums";
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { useWithdraw } from "./api";

interface WithdrawDialogProps {
  /** `submittedHours` when known (the dashboard); the detail page knows only the status. */
  application: { id: number; status: ApplicationStatus; submittedHours?: number };
  opportunityTitle: string;
}

export function WithdrawDialog({ application, opportunityTitle }: WithdrawDialogProps) {
  const withdraw = useWithdraw();
  const handleLoggedOut = useHandleLoggedOut();
  const [open, setOpen] = useState(false);
  if (!canWithdraw(application.status, application.submittedHours ?? 0)) return null;

  // Awaited rather than callbacks: once withdrawn, the refreshed page may no longer hold this component.
  async function confirm() {
    try {
      await withdraw.mutateAsync(application.id);
      setOpen(false);
      toast({
        title: "Application Withdrawn",
        description: `Your place on “${opportunityTitle}” is freed. You may apply again while it is open.`,
      });
    } catch (error) {
      setOpen(false);
      if (!handleLoggedOut(error)) toastFailure(error, "Could not withdraw", "Please try again.");
    }
  }

  // The confirmation's code loads on demand: the opportunity's page and every row of the dashboard's journey
  // show this button, and neither should wait for the dialog library to paint (ADR 0046).
  return (
    <DialogOnDemand
      dialog={confirmDialogOnDemand}
      props={{
        title: "Withdraw this application?",
        description: `Your application to “${opportunityTitle}” will be withdrawn and its place offered to someone else. This cannot be undone, though you may apply again later.`,
        confirmLabel: "Withdraw Application",
        isPending: withdraw.isPending,
        onConfirm: confirm,
      }}
      variant="outline"
      size="sm"
      open={open}
      onOpenChange={setOpen}
    >
      <Undo2 aria-hidden className="size-4 text-red-700" />
      Withdraw Application<span className="sr-only">{` to ${opportunityTitle}`}</span>
    </DialogOnDemand>
  );
}
