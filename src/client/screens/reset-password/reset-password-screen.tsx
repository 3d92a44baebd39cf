import { AuthCard } from "@client/components/ui/auth-card";
import { Button, buttonClasses } from "@client/components/ui/button";
import { FormAlert } from "@client/components/ui/form-alert";
import { Skeleton } from "@client/components/ui/skeleton";
import { ResetPasswordForm } from "@client/features/auth";
import { useCheckResetLink } from "@client/features/auth/api";
import { errorMessage, hasStatus } from "@client/lib/api-client";
import { paths } from "@client/lib/paths";
import { useTokenFromAddress } from "@client/lib/use-link-token";
import { useState } from "react";
import { Link } from "react-router";

export default function ResetPasswordScreen() {
  const token = useTokenFromAddress();
  if (!token) {
    return (
      <LinkNoLongerWorks message="This link is incomplete. Open the link in the e-mail again, or ask for a new one." />
    );
  }
  // A new token starts over: its own check, its own form.
  return <ResetWithLink key={token} token={token} />;
}

function ResetWithLink({ token }: { token: string }) {
  const check = useCheckResetLink(token);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (refusal) return <LinkNoLongerWorks message={refusal} takeFocus />;

  if (check.isPending) {
    return (
      <AuthCard title="Choose a new password" description="Checking your link…">
        <div aria-busy className="grid gap-5">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-11" />
        </div>
      </AuthCard>
    );
  }

  if (check.isError) {
    if (hasStatus(check.error, 400)) {
      return <LinkNoLongerWorks message={errorMessage(check.error, "This reset link is not valid.")} />;
    }
    return (
      <AuthCard title="Choose a new password" description="Your link could not be checked.">
        <div className="grid gap-5">
          <FormAlert title="Link not checked" message={errorMessage(check.error, "Please try again.")} />
          <Button size="lg" isPending={check.isFetching} onClick={() => void check.refetch()}>
            Try Again
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description={`for ${check.data.email}`}>
      <ResetPasswordForm token={token} email={check.data.email} onLinkInvalid={setRefusal} />
    </AuthCard>
  );
}

function LinkNoLongerWorks({ message, takeFocus = false }: { message: string; takeFocus?: boolean }) {
  return (
    <AuthCard
      takeFocus={takeFocus}
      title="This link no longer works"
      description={message}
      footer={
        <Link to={paths.login} className="font-semibold text-saffron-800 underline-offset-2 hover:underline">
          Back to Sign In
        </Link>
      }
    >
      <Link to={paths.forgotPassword} className={buttonClasses("primary", "lg")}>
        Request a New Link
      </Link>
    </AuthCard>
  );
}
