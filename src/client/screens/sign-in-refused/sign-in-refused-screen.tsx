import { AuthCard } from "@client/components/ui/auth-card";
import { buttonClasses } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useSignInOptions } from "@client/features/auth/api";
import { paths } from "@client/lib/paths";
import { isSsoRefusal, SSO_START_PATH, ssoRefusalText } from "@shared/domain/sso";
import { Link, useSearchParams } from "react-router";

/** Names the provider when the server could not be asked which one it is. */
const UNKNOWN_PROVIDER = "your institution";

/**
 * Where the server sends the browser when the institution's sign-in is refused (`?reason=`, ADR 0041): what went
 * wrong, that nothing changed, and the way back. Open to anyone: a signed-in person can be refused too (another
 * account at the provider), and still needs to read why.
 */
export default function SignInRefusedScreen() {
  const [searchParams] = useSearchParams();
  const options = useSignInOptions();
  if (options.isPending) {
    return (
      <AuthCard title="Sign-in refused" description="Finding out why…">
        <div aria-busy className="grid gap-5">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      </AuthCard>
    );
  }

  const reasonParameter = searchParams.get("reason");
  // An address edited by hand, or a reason from a newer server: the general explanation fits any of them.
  const reason = isSsoRefusal(reasonParameter) ? reasonParameter : "provider";
  const sso = options.data?.sso ?? null;
  const { title, message } = ssoRefusalText(
    reason,
    sso?.name ?? UNKNOWN_PROVIDER,
    options.data?.emailDomains ?? [],
  );
  return (
    <AuthCard
      title={capitalised(title)}
      description={message}
      footer={
        // The secondary way out, as on the other signed-out pages; without the institution's sign-in it is the
        // only one, so it takes the button's place instead.
        sso && (
          <Link
            to={paths.login}
            className="font-semibold text-saffron-800 underline-offset-2 hover:underline"
          >
            Back to Sign In
          </Link>
        )
      }
    >
      {sso ? (
        <a href={SSO_START_PATH} className={`${buttonClasses("primary", "lg")} w-full`}>
          Try Again
        </a>
      ) : (
        <Link to={paths.login} className={`${buttonClasses("primary", "lg")} w-full`}>
          Back to Sign In
        </Link>
      )}
    </AuthCard>
  );
}

/** "your institution could not sign you in" starts a heading with a capital, like every other. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
