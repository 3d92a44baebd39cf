// The institution's sign-in (OpenID Connect, docs/product-rules.md §13, ADR 0041): its paths and the reasons a
// sign-in is refused, shared by the server that refuses and the page that explains.

/** Begins a sign-in: the browser is sent to the provider (a plain link, GET). */
export const SSO_START_PATH = "/api/auth/sso/start";
/** Where the provider sends the browser back (the redirect URI registered with it). */
export const SSO_CALLBACK_PATH = "/api/auth/sso/callback";
/** The page that says why a sign-in was refused: `?reason=<one of SSO_REFUSALS>`. */
export const SSO_REFUSED_PATH = "/sign-in/refused";

/**
 * Why the institution's sign-in did not sign someone in. Each refusal changes nothing: no account is made or
 * linked, no session begins.
 */
export const SSO_REFUSALS = [
  "domain",
  "unverified",
  "provider",
  "expired",
  "cancelled",
  "unavailable",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export function isSsoRefusal(value: unknown): value is SsoRefusal {
  return typeof value === "string" && (SSO_REFUSALS as readonly string[]).includes(value);
}

/** The heading and the explanation of a refusal, naming the provider and, for the domain, the accepted ones. */
export function ssoRefusalText(
  reason: SsoRefusal,
  providerName: string,
  allowedDomains: readonly string[],
): { title: string; message: string } {
  switch (reason) {
    case "domain":
      return {
        title: "This account is not one Seva accepts",
        message: `Seva is open to institutional e-mail addresses only (${allowedDomains.join(", ")}). Sign in with your institutional account instead. Nothing was changed.`,
      };
    case "unverified":
      return {
        title: "Your e-mail address is not verified",
        message: `${providerName} has not verified the e-mail address of this account, so Seva cannot tell that it is yours. Ask your IT office to verify it, then try again. Nothing was changed.`,
      };
    case "expired":
      return {
        title: "This sign-in has expired",
        message:
          "The sign-in took too long, was already used, or was started in another browser. Nothing was changed. Start again.",
      };
    case "cancelled":
      return {
        title: "Sign-in cancelled",
        message: `${providerName} did not sign you in, so Seva did not either. Nothing was changed.`,
      };
    case "unavailable":
      return {
        title: "Sign-in is not available",
        message: `Signing in with ${providerName} is not set up on this server. Sign in with your e-mail and password, or ask an administrator.`,
      };
    case "provider":
      return {
        title: `${providerName} could not sign you in`,
        message: `Seva could not complete the sign-in with ${providerName}. Nothing was changed. Try again in a moment; if it keeps failing, tell your IT office.`,
      };
  }
}
