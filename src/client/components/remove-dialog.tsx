import { toastAdminFailure } from "@client/lib/admin-failure";
import { toast } from "@client/lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { LucideIcon } from "lucide-react";
import { useState } from "react";
import { confirmDialogOnDemand } from "./ui/confirm-dialog-on-demand";
import { DialogOnDemand } from "./ui/dialog-on-demand";

interface RemoveDialogProps {
  icon: LucideIcon;
  /** Read after the trigger's visible "Remove" by screen readers: what goes, e.g. an opportunity's title. */
  what: string;
  title: string;
  description: string;
  confirmLabel: string;
  /** Removes; resolves with the success toast's description. */
  remove: () => Promise<string>;
  isPending: boolean;
  successTitle: string;
  /** The failure toast's text, before the server's reason. */
  failure: string;
}

/** An admin's 'Remove' button on a row, behind a confirmation; the result is told in a toast. */
export function RemoveDialog({
  icon: Icon,
  what,
  title,
  description,
  confirmLabel,
  remove,
  isPending,
  successTitle,
  failure,
}: RemoveDialogProps) {
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);
  const [open, setOpen] = useState(false);

  // Awaited rather than callbacks: once removed, the refreshed list no longer holds this row and its component,
  // and a mutation's own callbacks would not run.
  async function confirm() {
    try {
      const description = await remove();
      setOpen(false);
      toast({ title: successTitle, description });
    } catch (error) {
      setOpen(false);
      if (!handleLoggedOut(error)) toastAdminFailure(error, failure);
    }
  }

  return (
    <DialogOnDemand
      dialog={confirmDialogOnDemand}
      props={{ title, description, confirmLabel, isPending, onConfirm: confirm }}
      variant="outline"
      size="sm"
      open={open}
      onOpenChange={setOpen}
    >
      <Icon aria-hidden className="size-4 text-red-700" />
      Remove<span className="sr-only">{` ${what}`}</span>
    </DialogOnDemand>
  );
}
