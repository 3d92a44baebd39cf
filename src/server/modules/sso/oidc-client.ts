// Seva as an OpenID Connect client of the institution's provider (docs/product-rules.md §13, ADR 0041), through
// openid-client: authorization code flow with PKCE, state and nonce. The ID token's issuer, audience, expiry and
// nonce are checked by authorizationCodeGrant, and its signature against the provider's JWKS because non-repudiation
// checks are on (without them openid-client trusts a token that came straight from the token endpoint over TLS).
import type { SsoConfig } from "@server/config";
import type * as OpenIdClient from "openid-client";

/** What a finished sign-in proved: the ID token's claims, every check passed. */
export type IdTokenClaims = OpenIdClient.IDToken;

/** openid-client, loaded at the first sign-in: a server without one never holds it (ADR 0044). */
const loadOpenIdClient = (): Promise<typeof OpenIdClient> => import("openid-client");

/** The secrets of one sign-in, made at its start and needed to finish it. */
export interface SignInSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Seconds Seva waits for the provider on any one request before calling the sign-in failed. */
const PROVIDER_TIMEOUT_SECONDS = 10;

function isLoopbackHttp(issuer: URL): boolean {
  return issuer.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
}

export class OidcClient {
  /** The provider's metadata once discovered: kept for the life of the process, forgotten when discovery failed. */
  private discovered: Promise<OpenIdClient.Configuration> | undefined;

  constructor(private readonly sso: SsoConfig) {}

  /** Discovers the provider at the first sign-in, not at boot: the app starts even while the provider is down. */
  private configuration(): Promise<OpenIdClient.Configuration> {
    if (this.discovered) return this.discovered;
    const issuer = new URL(this.sso.issuer);
    const attempt = loadOpenIdClient().then((client) =>
      client.discovery(
        issuer,
        this.sso.clientId,
        undefined,
        client.ClientSecretBasic(this.sso.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: [
            client.enableNonRepudiationChecks,
            ...(isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : []),
          ],
        },
      ),
    );
    this.discovered = attempt;
    // A failed discovery is tried again at the next sign-in.
    attempt.catch(() => {
      if (this.discovered === attempt) this.discovered = undefined;
    });
    return attempt;
  }

  static async newSecrets(): Promise<SignInSecrets> {
    const client = await loadOpenIdClient();
    return {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
  }

  /** Where to send the browser to sign in at the provider. */
  async authorizationUrl(secrets: SignInSecrets): Promise<URL> {
    const configuration = await this.configuration();
    const client = await loadOpenIdClient();
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.sso.redirectUri,
      scope: "openid email profile",
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: "S256",
      state: secrets.state,
      nonce: secrets.nonce,
    });
  }

  /**
   * Exchanges the code the provider sent back for tokens and returns the checked ID token's claims. Throws on any
   * failure: the provider unreachable, the code refused, or any check of the ID token.
   */
  async finish(callbackParameters: URLSearchParams, secrets: SignInSecrets): Promise<IdTokenClaims> {
    const configuration = await this.configuration();
    const client = await loadOpenIdClient();
    const currentUrl = new URL(this.sso.redirectUri);
    currentUrl.search = callbackParameters.toString();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("the provider sent no ID token");
    return claims;
  }
}
