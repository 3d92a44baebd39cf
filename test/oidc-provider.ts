// A real OpenID Connect provider on loopback for the tests of the institution's sign-in (docs/product-rules.md
// §13): oidc-provider 9 with one client, accounts the test adds, a tiny sign-in page a person (or the Chromium
// suite) fills in, and a hook that tampers with the ID token the token endpoint answers, to prove that Seva checks
// its audience, signature, expiry and nonce. Nothing here is a mock: Seva talks to it over HTTP like to Entra ID.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  finishProviderSignIn,
  type ProviderSetup,
  providerConfiguration,
} from "@server/demo/oidc-provider-setup";
import { SSO_START_PATH } from "@shared/domain/sso";
import type { LightMyRequestResponse } from "fastify";
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import Provider from "oidc-provider";
import type { TestContext } from "./app";

export interface TestAccount {
  email: string;
  /** Whether the provider vouches for the address (the `email_verified` claim); true unless said. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** Put in the `groups` claim when given. */
  groups?: string[];
  /** The provider's stable name for the person; a fresh one unless given. */
  sub?: string;
}

/** Changes the claims of the next ID tokens (re-signed with the provider's key), or corrupts their signature. */
export type IdTokenTamper = (claims: JWTPayload) => JWTPayload | "corrupt-signature";

export interface TestProvider {
  issuer: string;
  addAccount(account: TestAccount): { sub: string };
  tamperIdToken(tamper: IdTokenTamper | undefined): void;
  close(): Promise<void>;
}

const LOGIN_PAGE = (uid: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><main><h1>Test provider</h1>
<form method="post" action="/interaction/${uid}/login">
<label for="email">E-mail</label><input id="email" name="email" type="email" required>
<button>Sign in</button>
</form></main></body></html>`;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startTestProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** A port of 127.0.0.1 to listen on (a test that first finds it closed); any free one unless given. */
  port?: number;
}): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = randomUUID();
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  const accounts = new Map<string, Required<Omit<TestAccount, "groups">> & { groups?: string[] }>();
  const subjectsByEmail = new Map<string, string>();
  let tamper: IdTokenTamper | undefined;
  let provider: Provider | undefined;

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const setup: ProviderSetup = {
    client: {
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      redirectUris: options.redirectUris,
    },
    findPerson: (id) => accounts.get(id),
    signingKey: jwk,
    cookieKeys: ["test-provider-cookie-key-of-enough-length"],
    interactionUrl: (uid) => `/interaction/${uid}`,
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 300,
      Session: 300,
      Grant: 300,
    },
    groups: true,
  };
  provider = new Provider(issuer, providerConfiguration(setup));

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!provider) throw new Error("provider not started");
    const url = new URL(request.url ?? "/", issuer);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (interaction) return handleInteraction(provider, request, response, interaction[2] !== undefined);
    if (url.pathname === "/token" && request.method === "POST" && tamper) interceptToken(response, tamper);
    provider.callback()(request, response);
  }

  async function handleInteraction(
    oidc: Provider,
    request: IncomingMessage,
    response: ServerResponse,
    isLogin: boolean,
  ): Promise<void> {
    const details = await oidc.interactionDetails(request, response);
    if (!isLogin) {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(LOGIN_PAGE(details.uid));
      return;
    }
    const email = (await readForm(request)).get("email")?.trim().toLowerCase() ?? "";
    const accountId = subjectsByEmail.get(email);
    if (!accountId) {
      response.statusCode = 400;
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end("<!doctype html><p>No such account at the test provider.</p>");
      return;
    }
    await finishProviderSignIn(oidc, request, response, setup, accountId);
  }

  /** Rewrites the id_token of the token endpoint's JSON answer before it leaves (Koa ends with one end(body)). */
  function interceptToken(response: ServerResponse, change: IdTokenTamper): void {
    const end = response.end.bind(response) as (chunk?: unknown) => ServerResponse;
    response.end = ((chunk?: unknown) => {
      const text = Buffer.isBuffer(chunk) ? chunk.toString("utf8") : typeof chunk === "string" ? chunk : "";
      tamperedBody(text, change)
        .then((body) => {
          response.setHeader("content-length", Buffer.byteLength(body));
          end(body);
        })
        .catch(() => end(chunk));
      return response;
    }) as ServerResponse["end"];
  }

  async function tamperedBody(text: string, change: IdTokenTamper): Promise<string> {
    const answer = JSON.parse(text) as { id_token?: string };
    if (!answer.id_token) return text;
    const changed = change(decodeJwt(answer.id_token));
    if (changed === "corrupt-signature") {
      const [header, payload, signature = ""] = answer.id_token.split(".");
      // The first character of the signature carries six whole bits: changing it always changes the bytes.
      const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
      answer.id_token = `${header}.${payload}.${flipped}`;
    } else {
      const header = decodeProtectedHeader(answer.id_token);
      answer.id_token = await new SignJWT(changed)
        .setProtectedHeader({ alg: "RS256", kid: header.kid ?? kid, typ: header.typ })
        .sign(privateKey);
    }
    return JSON.stringify(answer);
  }

  return {
    issuer,
    addAccount(account) {
      const sub = account.sub ?? randomUUID();
      const email = account.email.trim().toLowerCase();
      accounts.set(sub, {
        email: account.email,
        emailVerified: account.emailVerified ?? true,
        givenName: account.givenName ?? "",
        familyName: account.familyName ?? "",
        sub,
        groups: account.groups,
      });
      subjectsByEmail.set(email, sub);
      return { sub };
    },
    tamperIdToken(next) {
      tamper = next;
    },
    async close() {
      provider = undefined;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A tiny cookie jar for one host: name → value, as a browser would send them back. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", date = ""] = attribute.split("=");
        return key.trim().toLowerCase() === "expires" && new Date(date).getTime() < Date.now();
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The Set-Cookie pairs of an injected response, as a Cookie header. */
function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

export interface ProviderRoundTrip {
  /** The callback URL (path and query) the provider sent the browser back to. */
  callbackPath: string;
  /** The Cookie header Seva's start set (the sso state cookie). */
  ssoCookie: string;
}

/**
 * A browser's way through the provider, without a browser: GET start at Seva, follow the provider's redirects
 * with a cookie jar, post the sign-in form, and stop at the redirect back to Seva. Returns that callback.
 */
export async function travelThroughProvider(
  t: TestContext,
  provider: Pick<TestProvider, "issuer">,
  email: string,
): Promise<ProviderRoundTrip> {
  const start = await t.app.inject({ method: "GET", url: SSO_START_PATH });
  const location = start.headers.location;
  if (
    start.statusCode !== 302 ||
    typeof location !== "string" ||
    !location.startsWith(`${provider.issuer}/`)
  ) {
    throw new Error(`start did not send to the provider: ${start.statusCode} ${location}`);
  }
  const ssoCookie = cookiesOf(start);
  const redirectUri = new URL(location).searchParams.get("redirect_uri") ?? "";
  const jar = new CookieJar();
  let next = location;
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (next.startsWith(redirectUri)) {
      const back = new URL(next);
      return { callbackPath: `${back.pathname}${back.search}`, ssoCookie };
    }
    const response = await fetch(next, {
      method,
      redirect: "manual",
      headers: {
        cookie: jar.header(),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    });
    jar.take(response);
    const target = response.headers.get("location");
    if (target) {
      next = new URL(target, next).toString();
      method = "GET";
      body = undefined;
      continue;
    }
    const page = await response.text();
    const form = /<form method="post" action="([^"]+)"/.exec(page);
    if (!form?.[1])
      throw new Error(`the provider stopped at ${next}: ${response.status} ${page.slice(0, 300)}`);
    next = new URL(form[1], next).toString();
    method = "POST";
    body = new URLSearchParams({ email }).toString();
  }
  throw new Error("too many redirects at the provider");
}

/**
 * The whole sign-in through the provider, headless: returns Seva's answer to the callback. The sso cookie of the
 * start goes with it, and `cookie` (a Seva session cookie, say) when given.
 */
export async function signInThrough(
  t: TestContext,
  provider: Pick<TestProvider, "issuer">,
  email: string,
  options: { cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  const { callbackPath, ssoCookie } = await travelThroughProvider(t, provider, email);
  const cookie = [ssoCookie, options.cookie].filter(Boolean).join("; ");
  return t.app.inject({ method: "GET", url: callbackPath, headers: { cookie } });
}
