import { Button } from "@client/components/ui/button";
import { confirmDialogOnDemand } from "@client/components/ui/confirm-dialog-on-demand";
import { InputField } from "@client/components/ui/field";
import { LoadError } from "@client/components/ui/load-error";
import { Section } from "@client/components/ui/section";
import { Skeleton } from "@client/components/ui/skeleton";
import { UserAvatar } from "@client/components/ui/user-avatar";
import { errorMessage, fieldErrorsOf, NetworkError } from "@client/lib/api-client";
import { toast, toastFailure } from "@client/lib/toast";
import { ADMIN_LOGGED_OUT_NOTICE, useHandleLoggedOut } from "@client/lib/use-send-to-login";
import type { Administrator } from "@shared/contract/administrators";
import { ShieldCheck } from "lucide-react";
import { type FormEvent, memo, Suspense, useRef, useState } from "react";
import { useAdministrators, usePromoteAdministrator } from "./api";
import { RemoveAdministratorDialog } from "./remove-administrator-dialog";

/**
 * The admin dashboard's administrators: the list, with Remove beside everyone but the viewer, and the form that
 * makes a registered student one. Loads only for an admin (`enabled`), like the dashboard's other lists; a lost
 * session is caught by those lists.
 */
export const AdministratorsSection = memo(function AdministratorsSection({
  viewerId,
  enabled,
}: {
  viewerId: number;
  enabled: boolean;
}) {
  const administrators = useAdministrators({ enabled });

  return (
    <Section
      title="Administrators"
      description="They publish opportunities, decide applications and award coins."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        {administrators.isPending ? (
          <Skeleton className="h-32" />
        ) : administrators.isError ? (
          <LoadError
            what="administrators"
            error={administrators.error}
            onRetry={() => administrators.refetch()}
          />
        ) : (
          <AdministratorList administrators={administrators.data} viewerId={viewerId} />
        )}
        <PromoteForm />
      </div>
    </Section>
  );
});

function AdministratorList({
  administrators,
  viewerId,
}: {
  administrators: Administrator[];
  viewerId: number;
}) {
  return (
    <ul
      aria-label="Administrators"
      className="grid content-start self-start divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
    >
      {administrators.map((administrator) => (
        <li key={administrator.id} className="flex items-center gap-3 px-4 py-3">
          <UserAvatar firstName={administrator.firstName} lastName={administrator.lastName} />
          <span className="grid min-w-0 flex-1">
            <span className="break-words font-medium text-stone-900">
              {`${administrator.firstName} ${administrator.lastName}`}
            </span>
            <span className="break-all text-sm text-stone-600">{administrator.email}</span>
          </span>
          {administrator.id === viewerId ? (
            <span className="rounded-full bg-stone-100 px-2.5 py-0.5 font-medium text-sm text-stone-700">
              You
            </span>
          ) : (
            <RemoveAdministratorDialog administrator={administrator} />
          )}
        </li>
      ))}
    </ul>
  );
}

const NOT_ADDED = "The rights could not be given";

// The confirmation's code loads when it is first asked for, not with the dashboard (ADR 0046).
const { Dialog: ConfirmDialog } = confirmDialogOnDemand;

function PromoteForm() {
  const promote = usePromoteAdministrator();
  const handleLoggedOut = useHandleLoggedOut(ADMIN_LOGGED_OUT_NOTICE);
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [hasAsked, setHasAsked] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  /** Set when the server refused: the dialog then gives focus to the field and its message, not the button. */
  const refused = useRef(false);

  function askToConfirm(event: FormEvent) {
    event.preventDefault();
    refused.current = false;
    setErrors([]);
    setHasAsked(true);
    setConfirming(true);
  }

  function confirm() {
    promote.mutate(email, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        setEmail("");
        toast({ title: "Administrator Added", description: message });
      },
      onError: (error) => {
        refused.current = true;
        setConfirming(false);
        if (handleLoggedOut(error)) return;
        toastFailure(error, "Administrator Not Added", NOT_ADDED);
        // The server's reason (no such account, already an administrator, not an address) stays under the field.
        if (!(error instanceof NetworkError))
          setErrors(fieldErrorsOf(error).email ?? [errorMessage(error, NOT_ADDED)]);
      },
    });
  }

  return (
    <>
      <form onSubmit={askToConfirm} className="grid content-start gap-4 rounded-xl bg-stone-100 p-4">
        <h3 className="font-semibold text-stone-900">Add an administrator</h3>
        <InputField
          label="E-mail of a registered student"
          hint="They keep their coins and history, and leave the leaderboard."
          type="email"
          autoComplete="off"
          required
          ref={input}
          value={email}
          errors={errors}
          onChange={(event) => {
            setEmail(event.target.value);
            setErrors([]);
          }}
        />
        <Button type="submit" className="justify-self-start">
          <ShieldCheck aria-hidden className="size-4" />
          Make Administrator
        </Button>
      </form>
      {hasAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Give administrator rights?"
            description={
              <>
                <span className="break-all font-medium text-stone-900">{email.trim()}</span> will be able to
                publish opportunities, decide applications and award coins.
              </>
            }
            confirmLabel="Make Administrator"
            confirmVariant="primary"
            isPending={promote.isPending}
            onConfirm={confirm}
            onCloseAutoFocus={(event) => {
              if (!refused.current) return;
              event.preventDefault();
              input.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
