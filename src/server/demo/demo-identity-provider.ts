// The embedded demo's identity provider (ADR 0041, "Demo provider"): a real OpenID Connect provider
// (oidc-provider 9) mounted inside Seva's own server under /demo-sign-in, so a visitor sees 'Sign in with IIM
// Bangalore (demo)' on the first `npm start`, on the demo's own address and port. It stands in for Entra ID or
// Google Workspace: Seva reaches it over HTTP exactly as it would reach them. Its sign-in page asks no password:
// pick a demo person, or type any address to be someone new. Loaded only by a dynamic import from main.ts, and
// oidc-provider only by a dynamic import here, so a production server never loads either.
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { SsoConfig } from "@server/config";
import { DEMO_SIGN_IN_PATH } from "@server/config";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DemoProviderStore } from "./demo-provider-store";
import { DEMO_SIGN_IN_CSS, type DemoPerson, demoSignInPage } from "./demo-sign-in-page";
import { DEMO_ADMIN_NAME, DEMO_STUDENT_NAMES, emailFor } from "./factories";
import { finishProviderSignIn, type ProviderSetup, providerConfiguration } from "./oidc-provider-setup";

export type { DemoPerson } from "./demo-sign-in-page";

type Provider = import("oidc-provider").default;

const INTERACTION = `${DEMO_SIGN_IN_PATH}/interaction`;
const STYLESHEET_PATH = `${DEMO_SIGN_IN_PATH}/sign-in.css`;

/** The people the seed made whom the page offers: the README's students and the administrator. */
export function demoPeopleOf(domain: string): DemoPerson[] {
  const students = DEMO_STUDENT_NAMES.map((student) => ({
    email: emailFor(student.firstName, student.lastName, domain),
    givenName: student.firstName,
    familyName: student.lastName,
    role: `Student · ${student.program}`,
  }));
  const admin = {
    email: `admin@${domain}`,
    givenName: DEMO_ADMIN_NAME.firstName,
    familyName: DEMO_ADMIN_NAME.lastName,
    role: "Administrator",
  };
  return [...students, admin];
}

/** The names of an address's local part: "asha.rao" → Asha Rao; "guest" → Guest (no family name). */
export function namesFromAddress(email: string): { givenName: string; familyName: string } {
  const words = (email.split("@")[0] ?? "")
    .split(/[._+-]+/)
    .filter((word) => /^[\p{L}]/u.test(word))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
  return { givenName: words[0] ?? "Guest", familyName: words.slice(1).join(" ") };
}

/** A plausible address: one @, something on both sides, a dot in the domain, no spaces. */
function isAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value);
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** Security headers of the provider's own page (helmet's apply too; these are the page's own, stricter ones). */
function sendPage(response: ServerResponse, status: number, html: string): void {
  response.statusCode = status;
  response.setHeader("content-type", "text/html; charset=utf-8");
  response.setHeader("cache-control", "no-store");
  // Under helmet's no-referrer a browser posts the form with `Origin: null`, which Seva's same-origin check
  // refuses; same-origin keeps the real origin on the form's POST and still tells other sites nothing.
  response.setHeader("referrer-policy", "same-origin");
  response.setHeader(
    "content-security-policy",
    "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  response.end(html);
}

/**
 * Mounts the provider on `app` (before it listens): a catch-all route under /demo-sign-in hands the raw request to
 * oidc-provider with the prefix moved to `originalUrl`, as Express's mounting does, so the provider routes on the
 * rest and writes its endpoints' URLs with the prefix. The sign-in page is Seva's own routes beside it.
 */
export async function mountDemoIdentityProvider(
  app: FastifyInstance,
  options: { sso: SsoConfig; people: readonly DemoPerson[]; domain: string },
): Promise<void> {
  const { sso, people, domain } = options;
  // Its own signing key, new at every boot, is added when the provider is made (ID tokens live minutes; Seva
  // fetches the key set at each sign-in's check).
  const setup: Omit<ProviderSetup, "signingKey"> = {
    client: { clientId: sso.clientId, clientSecret: sso.clientSecret, redirectUris: [sso.redirectUri] },
    // The provider's subjects are the addresses, lowercased: the same person always gets the same `sub`.
    findPerson: (id) => {
      const names = people.find((person) => person.email === id) ?? namesFromAddress(id);
      return { email: id, emailVerified: true, givenName: names.givenName, familyName: names.familyName };
    },
    adapter: DemoProviderStore,
    // Keys for the provider's cookies, new at every boot like the client's secret: a restart forgets half-done
    // sign-ins at the demo provider, which costs a visitor one more click.
    cookieKeys: [randomBytes(32).toString("base64url")],
    interactionUrl: (uid) => `${INTERACTION}/${uid}`,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 900,
      Session: 900,
      Grant: 900,
    },
    groups: false,
  };
  // oidc-provider (≈ 30 MB) is loaded and the provider made at the first request under /demo-sign-in, not at boot:
  // a demo nobody signs in to never holds it (ADR 0044, third pass).
  let made: Promise<{ provider: Provider; handleProvider: ReturnType<Provider["callback"]> }> | undefined;
  const providerOnce = () => {
    made ??= import("oidc-provider").then(({ default: Provider }) => {
      const provider = new Provider(
        sso.issuer,
        providerConfiguration({ ...setup, signingKey: signingJwk() }),
      );
      return { provider, handleProvider: provider.callback() };
    });
    return made;
  };

  await app.register(async (scope) => {
    // The provider and the sign-in form read their bodies from the raw stream: no parser here consumes it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    scope.get(STYLESHEET_PATH, async (_request, reply) =>
      reply
        .type("text/css; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(DEMO_SIGN_IN_CSS),
    );

    scope.get(`${INTERACTION}/:uid`, async (request, reply) => {
      reply.hijack();
      const { provider } = await providerOnce();
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details) return sendExpired(reply.raw);
      sendPage(
        reply.raw,
        200,
        demoSignInPage({
          action: `${INTERACTION}/${details.uid}/login`,
          stylesheet: STYLESHEET_PATH,
          people,
          domain,
        }),
      );
    });

    scope.post(`${INTERACTION}/:uid/login`, async (request, reply) => {
      reply.hijack();
      const { provider } = await providerOnce();
      await signIn(provider, { setup, people, domain }, request, reply).catch((error: unknown) => {
        // A hijacked reply is ours to end: a failure answers the expired page rather than leave the browser waiting.
        request.log.warn({ err: error }, "demo sign-in failed");
        if (!reply.raw.headersSent) sendExpired(reply.raw);
        else reply.raw.end();
      });
    });

    const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? DEMO_SIGN_IN_PATH;
      raw.originalUrl = url;
      raw.url = url.slice(DEMO_SIGN_IN_PATH.length) || "/";
      if (!raw.url.startsWith("/")) raw.url = `/${raw.url}`;
      const { handleProvider } = await providerOnce();
      handleProvider(raw, reply.raw);
    };
    scope.all(DEMO_SIGN_IN_PATH, handOver);
    scope.all(`${DEMO_SIGN_IN_PATH}/*`, handOver);
  });
}

function signingJwk() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" };
}

function sendExpired(response: ServerResponse): void {
  sendPage(
    response,
    400,
    demoSignInPage({ expired: true, stylesheet: STYLESHEET_PATH, people: [], action: "", domain: "" }),
  );
}

/** The form's answer: a listed person or a typed address; the provider then sends the browser back to Seva. */
async function signIn(
  provider: Provider,
  {
    setup,
    people,
    domain,
  }: { setup: Pick<ProviderSetup, "client" | "groups">; people: readonly DemoPerson[]; domain: string },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
  if (!details) return sendExpired(reply.raw);
  const form = await readForm(request.raw);
  const email = (form.get("email") ?? "").trim().toLowerCase();
  if (!isAddress(email)) {
    sendPage(
      reply.raw,
      400,
      demoSignInPage({
        action: `${INTERACTION}/${details.uid}/login`,
        stylesheet: STYLESHEET_PATH,
        people,
        domain,
        error: `Enter an e-mail address, such as new.student@${domain}.`,
        typed: email,
      }),
    );
    return;
  }
  await finishProviderSignIn(provider, request.raw, reply.raw, setup, email);
}
