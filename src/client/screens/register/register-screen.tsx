import { AuthCard } from "@client/components/ui/auth-card";
import { buttonClasses } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import {
  InstitutionSignInLink,
  OrDivider,
  RegisterForm,
  type Registration,
  RegistrationComplete,
} from "@client/features/auth";
import { useSignInOptions } from "@client/features/auth/api";
import { paths } from "@client/lib/paths";
import { useState } from "react";
import { Link } from "react-router";

const TITLE = "Create your account";
const DESCRIPTION = "Join the campus volunteering community. It takes less than a minute.";

export default function RegisterScreen() {
  const options = useSignInOptions();
  const [registration, setRegistration] = useState<Registration | null>(null);

  if (registration) {
    return (
      <AuthCard
        takeFocus
        title="Registration complete"
        description="Welcome to Seva! One last step before you sign in."
      >
        <RegistrationComplete registration={registration} />
      </AuthCard>
    );
  }

  if (options.isPending) {
    return (
      <AuthCard title={TITLE} description={DESCRIPTION}>
        <div aria-busy className="grid gap-5">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-11" />
        </div>
      </AuthCard>
    );
  }

  const sso = options.data?.sso;
  const signInLink = (
    <>
      Already registered?{" "}
      <Link to={paths.login} className="font-semibold text-saffron-800 underline-offset-2 hover:underline">
        Sign in
      </Link>
    </>
  );

  // The institution's sign-in makes the account on first use (docs/product-rules.md §13), also where the password
  // form is closed (and passwords off: PASSWORD_LOGIN=false closes it).
  if (sso && options.data?.registration === "closed") {
    return (
      <AuthCard title={TITLE} description={DESCRIPTION} footer={signInLink}>
        <div className="grid gap-4">
          <InstitutionSignInLink name={sso.name} />
          <p className="text-center text-sm text-stone-700">{firstSignInMakesAccount(sso.name)}</p>
        </div>
      </AuthCard>
    );
  }

  // A failed lookup shows the form: the server still refuses a registration it does not take.
  if (options.data?.registration === "closed") {
    return (
      <AuthCard
        title={TITLE}
        description="Registration is closed on this server. Ask an administrator for an account."
      >
        <Link to={paths.login} className={buttonClasses("primary", "lg")}>
          Go to Sign In
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={TITLE} description={DESCRIPTION} footer={signInLink}>
      {sso ? (
        <div className="grid gap-6">
          <div className="grid gap-4">
            <InstitutionSignInLink name={sso.name} />
            <p className="text-center text-sm text-stone-700">{firstSignInMakesAccount(sso.name)}</p>
          </div>
          <OrDivider />
          <RegisterForm onRegistered={setRegistration} />
        </div>
      ) : (
        <RegisterForm onRegistered={setRegistration} />
      )}
    </AuthCard>
  );
}

function firstSignInMakesAccount(providerName: string): string {
  return `Your Seva account is made the first time you sign in with ${providerName}.`;
}
