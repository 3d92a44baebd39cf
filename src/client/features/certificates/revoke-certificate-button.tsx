import { buttonClasses } from "@client/components/ui/button";
import { ConfirmDialog } from "@client/components/ui/confirm-dialog";
import { errorMessage } from "@client/lib/api-client";
import { toast } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { Ban } from "lucide-react";
import { useState } from "react";
import { useRevokeCertificate } from "./api";

/** 'Revoke' behind a confirmation, for the holder or an admin; its page then says Revoked, for good. */
export function RevokeCertificateButton({ code, what }: { code: string; what?: string }) {
  const revoke = useRevokeCertificate();
  const handleLoggedOut = useHandleLoggedOut();
  const [open, setOpen] = useState(false);

  function confirm() {
    revoke.mutate(code, {
      onSuccess: () => {
        setOpen(false);
        toast({
          title: "Certificate Revoked",
          description: "Its page now says Revoked to anyone who opens it.",
        });
      },
      onError: (error) => {
        setOpen(false);
        if (!handleLoggedOut(error)) {
          toast({
            title: "Revoke Failed",
            description: errorMessage(error, "Try again in a moment."),
            variant: "destructive",
          });
        }
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={{
        className: buttonClasses("outline", "sm"),
        label: (
          <>
            <Ban aria-hidden className="size-4 text-red-700" />
            Revoke{what ? <span className="sr-only">{` ${what}`}</span> : null}
          </>
        ),
      }}
      title="Revoke this certificate?"
      description="Anyone who opens its link or scans its QR code will see that it was revoked. This cannot be undone; you can issue a new certificate later."
      confirmLabel="Revoke Certificate"
      confirmVariant="destructive"
      isPending={revoke.isPending}
      onConfirm={confirm}
    />
  );
}
