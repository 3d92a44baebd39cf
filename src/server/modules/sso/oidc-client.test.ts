// The provider's discovery (ADR 0041): the app starts while the provider is down, a failed discovery is tried
// again at the next sign-in, and a successful one is kept.
import { createServer } from "node:net";
import type { SsoConfig } from "@server/config";
import { startTestProvider } from "@test/oidc-provider";
import { describe, expect, it } from "vitest";
import { OidcClient } from "./oidc-client";

/** A loopback port nothing listens on (yet). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

const REDIRECT_URI = "http://localhost:3000/api/auth/sso/callback";

describe("OidcClient discovery", () => {
  it("tries again after a failed discovery, and keeps a successful one", async () => {
    const port = await closedPort();
    const sso: SsoConfig = {
      issuer: `http://127.0.0.1:${port}`,
      clientId: "retry",
      clientSecret: "retry-secret",
      displayName: "Retry Provider",
      adminGroup: undefined,
      groupsClaim: "groups",
      redirectUri: REDIRECT_URI,
    };
    const client = new OidcClient(sso);
    await expect(client.authorizationUrl(await OidcClient.newSecrets())).rejects.toThrow();
    const provider = await startTestProvider({
      clientId: "retry",
      clientSecret: "retry-secret",
      redirectUris: [REDIRECT_URI],
      port,
    });
    try {
      const secrets = await OidcClient.newSecrets();
      const url = await client.authorizationUrl(secrets);
      expect(url.origin).toBe(provider.issuer);
      expect(url.searchParams.get("state")).toBe(secrets.state);
      expect(url.searchParams.get("nonce")).toBe(secrets.nonce);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
      expect(url.searchParams.get("scope")).toBe("openid email profile");
    } finally {
      await provider.close();
    }
    // Discovered once: the authorization URL is built from what was kept, with the provider gone.
    expect((await client.authorizationUrl(await OidcClient.newSecrets())).origin).toBe(
      `http://127.0.0.1:${port}`,
    );
  });
});
