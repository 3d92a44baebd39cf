import { Button } from "@client/components/ui/button";
import { Card } from "@client/components/ui/card";
import { toastFailure } from "@client/lib/toast";
import { useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { CurrentUser } from "@shared/contract/auth";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useSkipPasswordChange } from "./api";
import { ChangePasswordForm } from "./change-password-form";

/**
 * Asks someone who signed in with a password set for them (registration's, create-admin's) to choose their own
 * (docs/product-rules.md §9, ADR 0025). "Skip for now" is offered once; the next sign-in asks without it, and the
 * question stays above every page until the password is changed. It asks, it does not block the page.
 */
export function TemporaryPasswordPrompt({ user }: { user: CurrentUser }) {
  const skip = useSkipPasswordChange();
  const handleLoggedOut = useHandleLoggedOut();
  const headingId = useId();
  if (user.passwordPrompt === "none") return null;
  const isSkippable = user.passwordPrompt === "skippable";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <Card className="grid gap-4 p-5 sm:p-6">
        <section aria-labelledby={headingId} className="grid gap-4">
          <div className="flex items-start gap-3">
            <KeyRound aria-hidden className="mt-1 size-5 shrink-0 text-saffron-800" />
            <div className="grid gap-1">
              <h2 id={headingId} className="font-semibold text-lg text-stone-900">
                Choose your own password
              </h2>
              <p className="text-stone-700">
                {isSkippable
                  ? "You signed in with a temporary password that was set for you. Replace it with one only you know: enter the temporary one, then your new one."
                  : "You are still using the temporary password that was set for you, and it can no longer be skipped. Enter it, then choose your own."}
              </p>
            </div>
          </div>
          <ChangePasswordForm />
          {isSkippable && (
            <Button
              variant="outline"
              className="justify-self-start"
              isPending={skip.isPending}
              onClick={() =>
                skip.mutate(undefined, {
                  onError: (error) => {
                    if (handleLoggedOut(error)) return;
                    toastFailure(error, "Not Skipped", "Please try again");
                  },
                })
              }
            >
              Skip for now
            </Button>
          )}
        </section>
      </Card>
    </div>
  );
}
