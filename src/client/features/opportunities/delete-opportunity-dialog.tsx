import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { Button, buttonClasses } from "../../components/ui/button";
import { toast } from "../../lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "../auth/use-send-to-login";
import { toastAdminFailure } from "./admin-failure";
import { useDeleteOpportunity } from "./api";

/** 'Remove' on a manager card, behind the spec's confirmation. */
export function DeleteOpportunityDialog({ id, title }: { id: number; title: string }) {
  const remove = useDeleteOpportunity();
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);
  const [open, setOpen] = useState(false);

  // mutateAsync: once deleted, the refreshed list no longer holds this card, and mutate's callbacks would not run.
  async function confirm() {
    try {
      await remove.mutateAsync(id);
      setOpen(false);
      toast({ title: "Opportunity Deleted", description: "The opportunity has been permanently removed." });
    } catch (error) {
      setOpen(false);
      if (!handleLoggedOut(error)) toastAdminFailure(error, "Failed to delete opportunity");
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialog.Trigger className={buttonClasses("outline", "sm")}>
        <Trash2 aria-hidden className="size-4 text-red-700" />
        Remove<span className="sr-only">{` ${title}`}</span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="break-words font-semibold text-lg text-stone-900">
            {`Remove “${title}”?`}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-stone-700">
            Are you sure you want to permanently delete this opportunity? This action cannot be undone.
          </AlertDialog.Description>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses("outline")} disabled={remove.isPending}>
              Cancel
            </AlertDialog.Cancel>
            {/* A plain button rather than AlertDialog.Action, which would close the dialog before the answer. */}
            <Button variant="destructive" isPending={remove.isPending} onClick={confirm}>
              Delete Opportunity
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
