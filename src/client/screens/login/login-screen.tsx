import { AuthCard } from "@client/components/ui/auth-card";
import { LoginForm } from "@client/features/auth";
import { useSignInOptions } from "@client/features/auth/api";
import { paths, signInReasonFor } from "@client/lib/paths";
import { Link, useSearchParams } from "react-router";

export default function LoginScreen() {
  // A deep link sent the visitor here (RequireSignedIn's `next`): say which page waits behind the sign-in.
  const [searchParams] = useSearchParams();
  const reason = signInReasonFor(searchParams.get("next"));
  // Also loads, ahead of a click, what 'Forgot password?' and 'Create an account' need to know.
  const options = useSignInOptions();
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
        options.data?.registration !== "closed" && (
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
      <LoginForm />
    </AuthCard>
  );
}
