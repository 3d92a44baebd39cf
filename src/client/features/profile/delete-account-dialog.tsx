import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { paths } from "../../app/paths";
import { Button, buttonClasses } from "../../components/ui/button";
import { reloadAt } from "../../lib/navigation";
import { toast, toastFailure } from "../../lib/toast";
import { useDeleteAccount } from "../auth/api";
import { useHandleLoggedOut } from "../auth/use-send-to-login";

// Long enough to read the confirmation toast before the app reloads signed out.
const RELOAD_AFTER_DELETION_MS = 1500;

export function DeleteAccountDialog() {
  const deleteAccount = useDeleteAccount();
  const handleLoggedOut = useHandleLoggedOut();
  const [open, setOpen] = useState(false);

  function confirm() {
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Account Deleted", description: "Your account and its records have been removed." });
        window.setTimeout(() => reloadAt(paths.home), RELOAD_AFTER_DELETION_MS);
      },
      onError: (error) => {
        setOpen(false);
        if (!handleLoggedOut(error))
          toastFailure(error, "Deletion Failed", "Your account could not be deleted");
      },
    });
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !deleteAccount.isPending && setOpen(next)}>
      <AlertDialog.Trigger className={buttonClasses("destructive")}>
        <Trash2 aria-hidden className="size-4" />
        Delete Account
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="font-semibold text-lg text-stone-900">
            Delete your account?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-stone-700">
            This permanently removes your account with its applications, logged hours, badges and coins. It
            cannot be undone.
          </AlertDialog.Description>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses("outline")} disabled={deleteAccount.isPending}>
              Cancel
            </AlertDialog.Cancel>
            {/* A plain button rather than AlertDialog.Action, which would close the dialog before the answer. */}
            <Button variant="destructive" isPending={deleteAccount.isPending} onClick={confirm}>
              Yes, delete my account
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
