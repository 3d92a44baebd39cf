import { Button } from "@client/components/ui/button";
import { toast, toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import { Send } from "lucide-react";
import { useResendVerification } from "./api";

/**
 * 'Resend to Supervisor' for the student while their supervisor has not answered: a new link by e-mail, at most
 * once a day (the server's 429 says when; its message is shown as it is).
 */
export function ResendVerificationButton({
  applicationId,
  supervisorName,
}: {
  applicationId: number;
  supervisorName: string | null;
}) {
  const resend = useResendVerification();
  const handleLoggedOut = useHandleLoggedOut();

  async function send() {
    try {
      const answer = await resend.mutateAsync(applicationId);
      toast({ title: "Sent to Supervisor", description: answer.message });
    } catch (error) {
      // A 429 (sent less than a day ago) carries the server's message, shown as it is.
      if (!handleLoggedOut(error)) toastFailure(error, "Not Sent", "Please try again later");
    }
  }

  return (
    <Button size="sm" variant="outline" isPending={resend.isPending} onClick={() => void send()}>
      <Send aria-hidden className="size-4" />
      Resend to Supervisor
      {supervisorName && <span className="sr-only">{` (${supervisorName})`}</span>}
    </Button>
  );
}
