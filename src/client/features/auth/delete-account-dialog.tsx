import { buttonClasses } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { reloadAt } from "@client/lib/navigation";
import { paths } from "@client/lib/paths";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useDeleteAccount } from "./api";

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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={{
        className: buttonClasses("destructive"),
        label: (
          <>
            <Trash2 aria-hidden className="size-4" />
            Delete Account
          </>
        ),
      }}
      title="Delete your account?"
      description="This permanently removes your account with its applications, logged hours, badges and coins. It cannot be undone."
      confirmLabel="Yes, delete my account"
      isPending={deleteAccount.isPending}
      onConfirm={confirm}
    />
  );
}
