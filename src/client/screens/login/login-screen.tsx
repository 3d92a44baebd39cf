import { AuthCard } from "@client/components/ui/auth-card";
import { Skeleton } from "@client/components/ui/skeleton";
import { InstitutionSignInLink, LoginForm, OrDivider } from "@client/features/auth";
import { useSignInOptions } from "@client/features/auth/api";
import { paths, signInReasonFor } from "@client/lib/paths";
import type { SignInOptions } from "@shared/contract/auth";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";

export default function LoginScreen() {
  // A deep link sent the visitor here (RequireSignedIn's `next`): say which page waits behind the sign-in.
  const [searchParams] = useSearchParams();
  const reason = signInReasonFor(searchParams.get("next"));
  // Also loads, ahead of a click, what 'Forgot password?' and 'Create an account' need to know.
  const options = useSignInOptions();
  const sso = options.data?.sso ?? null;
  return (
    <AuthCard
      title="Sign in to Seva"
      description={
        reason ? (
          <p className="font-medium text-indigo-900">{`${reason}. Use your institutional ${sso ? "account" : "e-mail"}.`}</p>
        ) : sso ? (
          `Welcome back. Sign in with your ${sso.name} account.`
        ) : (
          "Welcome back. Sign in with your institutional e-mail."
        )
      }
      footer={
        options.data?.registration !== "closed" &&
        options.data?.passwordLogin !== false && (
          <>
            New to Seva?{" "}
            <Link
              to={paths.register}
              className="font-semibold text-saffron-800 underline-offset-2 hover:underline"
            >
              Create an account
            </Link>
          </>
        )
      }
    >
      {options.isPending ? (
        // Which ways in this server offers is not known yet; a password form that then moves down (or folds
        // away, where passwords are off) would be worse than a moment's wait.
        <div aria-busy className="grid gap-5">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-12" />
        </div>
      ) : (
        // A failed lookup shows the password form: the server still refuses what it does not take.
        <SignInChoices options={options.data} />
      )}
    </AuthCard>
  );
}

function SignInChoices({ options }: { options: SignInOptions | undefined }) {
  const sso = options?.sso;
  if (!sso) return <LoginForm />;
  if (options.passwordLogin) {
    return (
      <div className="grid gap-6">
        <InstitutionSignInLink name={sso.name} />
        <OrDivider />
        <LoginForm />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <InstitutionSignInLink name={sso.name} />
      <AdministratorPasswordSignIn />
    </div>
  );
}

/**
 * Passwords are off (PASSWORD_LOGIN=false) for everyone but the administrator accounts made on the server, which
 * still need a way in should the institution's sign-in fail (break-glass). Folded away, so students are not
 * asked for a password they do not have.
 */
function AdministratorPasswordSignIn() {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-5">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen(!isOpen)}
        className="flex items-center justify-center gap-1.5 justify-self-center rounded-md px-2 py-1 font-semibold text-sm text-stone-700 hover:text-stone-900 hover:underline"
      >
        Administrator sign-in with a password
        <ChevronDown aria-hidden className={isOpen ? "size-4 rotate-180" : "size-4"} />
      </button>
      <div id={panelId} hidden={!isOpen}>
        {isOpen && <LoginForm administratorsOnly />}
      </div>
    </div>
  );
}
