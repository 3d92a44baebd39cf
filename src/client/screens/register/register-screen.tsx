import { AuthCard } from "@client/components/ui/auth-card";
import { buttonClasses } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { RegisterForm, type Registration, RegistrationComplete } from "@client/features/auth";
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
    <AuthCard
      title={TITLE}
      description={DESCRIPTION}
      footer={
        <>
          Already registered?{" "}
          <Link
            to={paths.login}
            className="font-semibold text-saffron-800 underline-offset-2 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <RegisterForm onRegistered={setRegistration} />
    </AuthCard>
  );
}
