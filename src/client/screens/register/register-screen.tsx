import { AuthCard } from "@client/components/ui/auth-card";
import { RegisterForm, type Registration, RegistrationComplete } from "@client/features/auth";
import { paths } from "@client/lib/paths";
import { useState } from "react";
import { Link } from "react-router";

export default function RegisterScreen() {
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

  return (
    <AuthCard
      title="Create your account"
      description="Join the campus volunteering community. It takes less than a minute."
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
