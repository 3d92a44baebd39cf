import { AuthCard } from "@client/components/ui/auth-card";
import { LoginForm } from "@client/features/auth";
import { paths } from "@client/lib/paths";
import { Link } from "react-router";

export default function LoginScreen() {
  return (
    <AuthCard
      title="Sign in to Seva"
      description="Welcome back. Sign in with your institutional e-mail."
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
