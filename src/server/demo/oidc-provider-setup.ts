// What makes an oidc-provider 9 answer Seva as Microsoft Entra ID or Google Workspace would (ADR 0041), shared by
// the demo's provider (demo-identity-provider.ts) and the tests' (test/oidc-provider.ts): one confidential client
// with PKCE required, the e-mail and the names (and groups, where asked) in the ID token itself, no development
// screens, and a sign-in page of the caller's that ends with the grant Seva asks for.
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";

/** A person as the provider vouches for them. */
export interface ProviderPerson {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** Sent in the `groups` claim when given. */
  groups?: string[];
}

export interface ProviderSetup {
  client: { clientId: string; clientSecret: string; redirectUris: string[] };
  /** The person behind an account id (the `sub`), or undefined when there is none. */
  findPerson(accountId: string): ProviderPerson | undefined;
  /** The provider's private signing key, as a JWK with its kid. */
  signingKey: Record<string, unknown>;
  cookieKeys: string[];
  /** Where the provider sends the browser to sign in: the caller's page. */
  interactionUrl(uid: string): string;
  /** Lifetimes in seconds, by oidc-provider's names (AccessToken, AuthorizationCode, IdToken, …). */
  ttl: Record<string, number>;
  /** Whether ID tokens carry the `groups` claim (the tests' administrators' group). */
  groups: boolean;
  /** oidc-provider's storage; its own in-memory one when absent. */
  adapter?: unknown;
}

function claimsOf(setup: Pick<ProviderSetup, "groups">): string[] {
  const claims = ["email", "email_verified", "given_name", "family_name", "name"];
  return setup.groups ? [...claims, "groups"] : claims;
}

/** The configuration for `new Provider(issuer, configuration)`. */
export function providerConfiguration(setup: ProviderSetup): Record<string, unknown> {
  return {
    clients: [
      {
        client_id: setup.client.clientId,
        client_secret: setup.client.clientSecret,
        redirect_uris: setup.client.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name", ...(setup.groups ? ["groups"] : [])],
    },
    // The e-mail, names and groups go in the ID token itself, as Entra ID puts them there.
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, id: string) => {
      const person = setup.findPerson(id);
      if (!person) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: person.email,
          email_verified: person.emailVerified,
          given_name: person.givenName,
          family_name: person.familyName,
          name: `${person.givenName} ${person.familyName}`.trim(),
          ...(person.groups ? { groups: person.groups } : {}),
        }),
      };
    },
    ...(setup.adapter === undefined ? {} : { adapter: setup.adapter }),
    jwks: { keys: [setup.signingKey] },
    cookies: { keys: setup.cookieKeys },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => setup.interactionUrl(interaction.uid),
    },
    ttl: setup.ttl,
  };
}

/**
 * Ends the sign-in at the caller's page as this account, granting what Seva asks for (openid, e-mail, profile),
 * and sends the browser back to Seva.
 */
export async function finishProviderSignIn(
  provider: Provider,
  request: IncomingMessage,
  response: ServerResponse,
  setup: Pick<ProviderSetup, "client" | "groups">,
  accountId: string,
): Promise<void> {
  const grant = new provider.Grant({ accountId, clientId: setup.client.clientId });
  grant.addOIDCScope("openid email profile");
  grant.addOIDCClaims(claimsOf(setup));
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}
