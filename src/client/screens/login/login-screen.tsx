import { AuthCard } from "@client/components/ui/auth-card";
import { LoginForm } from "@client/features/auth";
import { paths, signInReasonFor } from "@client/lib/paths";
import { Link, useSearchParams } from "react-router";

export default function LoginScreen() {
  // A deep link sent the visitor here (RequireSignedIn's `next`): say which page waits behind the sign-in.
  const [searchParams] = useSearchParams();
  const reason = signInReasonFor(searchParams.get("next"));
  return (
    <AuthCard
      title="Sign in to Seva"
      description={
        reason ? (
          <p className="font-medium text-indigo-900">{`${reason}. Use your institutional e-mail.`}</p>
        ) : (
          "Welcome back. Sign in with your institutional e-mail."
        )
      }
      footer={
        <>
          New to Seva?{" "}
          <Link
            to={paths.register}
            className="font-semibold text-saffron-800 underline-offset-2 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
