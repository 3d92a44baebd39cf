import { AuthCard } from "@client/components/ui/auth-card";
import { buttonClasses } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { ForgotPasswordForm, type LoginLocationState, type ResetLinkRequest } from "@client/features/auth";
import { useSignInOptions } from "@client/features/auth/api";
import { paths } from "@client/lib/paths";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

const TITLE = "Reset your password";

export default function ForgotPasswordScreen() {
  const options = useSignInOptions();
  const [request, setRequest] = useState<ResetLinkRequest | null>(null);

  if (request) {
    return (
      <AuthCard takeFocus title="Check your inbox" description="One more step, in your e-mail.">
        <div className="grid gap-6">
          <p role="status" className="flex gap-3 rounded-xl bg-indigo-50 p-4 text-indigo-950">
            <MailCheck aria-hidden className="size-5 shrink-0 text-indigo-700" />
            {request.message}
          </p>
          <BackToSignIn email={request.email} />
        </div>
      </AuthCard>
    );
  }

  if (options.isPending) {
    return (
      <AuthCard title={TITLE} description="Enter your e-mail and we will send you a link to set a new one.">
        <div aria-busy className="grid gap-5">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-11" />
        </div>
      </AuthCard>
    );
  }

  // Without outgoing mail there is no way to prove the address; a failed lookup leaves it to the server to say.
  if (options.data?.passwordReset === false) {
    return (
      <AuthCard
        title={TITLE}
        description="Password reset needs e-mail, which this server does not send. Ask an administrator for help."
      >
        <BackToSignIn />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={TITLE}
      description="Enter your e-mail and we will send you a link to set a new one."
      footer={
        <Link to={paths.login} className="font-semibold text-saffron-800 underline-offset-2 hover:underline">
          Back to Sign In
        </Link>
      }
    >
      <ForgotPasswordForm onSent={setRequest} />
    </AuthCard>
  );
}

function BackToSignIn({ email }: { email?: string }) {
  return (
    <Link
      to={paths.login}
      state={email ? ({ email } satisfies LoginLocationState) : undefined}
      className={buttonClasses("primary", "lg")}
    >
      Back to Sign In
    </Link>
  );
}
