// HTTP glue for the institution's sign-in (docs/product-rules.md §13, ADR 0041). Both routes answer with
// redirects, not JSON, so they sit outside the contract, public, their guard written here and proved by
// sso.routes.test.ts, test/access-matrix.test.ts and test/hostile-input.test.ts:
//   GET /api/auth/sso/start     sends the browser to the provider, with a fresh state, nonce and PKCE verifier;
//   GET /api/auth/sso/callback  where the provider sends it back: a session and / , or the refusal page.
// Every refusal changes nothing (no account, link or session) and names its reason to the refusal page.
import type { Config } from "@server/config";
import type { Database } from "@server/db/client";
import { RateLimiter } from "@server/db/rate-limiter";
import { tooManyRequests } from "@server/errors";
import { API_SECURITY_HEADERS } from "@server/http/route";
import { SSO_CALLBACK_PATH, SSO_REFUSED_PATH, SSO_START_PATH, type SsoRefusal } from "@shared/domain/sso";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS } from "../auth/sign-in-limits";
import { startSignedInSession } from "../auth/sign-in-session";
import { OidcClient } from "./oidc-client";
import { accountForSignIn } from "./sso-accounts";
import { readClaims } from "./sso-claims";
import { rememberSignIn, SSO_SIGN_IN_TTL_MS, takeSignIn } from "./sso-sign-ins";

/** Holds the state of the sign-in this browser began: only that browser may finish it (no login CSRF). */
export const SSO_COOKIE = "seva_sso";

const TOO_MANY_SSO_SIGN_INS = "Too many sign-ins from this network. Please wait a few minutes and try again.";

// The provider's answer: RFC 6749 §4.1.2 and RFC 9207 (iss). Anything else in the query is ignored; a value
// that is not one string (repeated, or too long) is no answer from a provider.
const ProviderValue = z.string().max(2048);
export const CallbackQuerySchema = z.object({
  code: ProviderValue.optional(),
  state: ProviderValue.optional(),
  iss: ProviderValue.optional(),
  error: ProviderValue.optional(),
});

/** The cookie's options: sent back on the provider's redirect (a cross-site GET, so Lax), only to these routes. */
const SSO_COOKIE_OPTIONS = {
  path: "/api/auth/sso",
  httpOnly: true,
  sameSite: "lax",
  secure: "auto",
  signed: true,
} as const;

function readStateCookie(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SSO_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** What went wrong, for the log: openid-client's message and its cause's (which check, which network error). */
function failureOf(error: unknown): { reason: string; cause?: string } {
  const reason = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause === undefined ? { reason } : { reason, cause };
}

function refuse(reply: FastifyReply, reason: SsoRefusal): FastifyReply {
  reply.clearCookie(SSO_COOKIE, SSO_COOKIE_OPTIONS);
  return reply.redirect(`${SSO_REFUSED_PATH}?reason=${reason}`, 302);
}

export function registerSsoRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<Config, "sso" | "allowedEmailDomains">,
  limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS,
): void {
  const sso = config.sso;
  const oidc = sso ? new OidcClient(sso) : undefined;
  const signInsPerIp = new RateLimiter(db, "sso-sign-ins-per-ip", limits.ssoSignInsPerIp);

  app.route({
    method: "GET",
    url: SSO_START_PATH,
    helmet: false,
    schema: { hide: true },
    onRequest: async (_request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
    },
    handler: async (request, reply) => {
      if (!oidc) return refuse(reply, "unavailable");
      const wait = await signInsPerIp.take(request.ip);
      if (wait > 0) throw tooManyRequests(TOO_MANY_SSO_SIGN_INS, wait);
      const secrets = await OidcClient.newSecrets();
      let destination: URL;
      try {
        destination = await oidc.authorizationUrl(secrets);
      } catch (error) {
        request.log.warn(failureOf(error), "the institution's provider could not be discovered");
        return refuse(reply, "provider");
      }
      await rememberSignIn(db, secrets);
      reply.setCookie(SSO_COOKIE, secrets.state, {
        ...SSO_COOKIE_OPTIONS,
        maxAge: Math.floor(SSO_SIGN_IN_TTL_MS / 1000),
      });
      return reply.redirect(destination.href, 302);
    },
  });

  app.route({
    method: "GET",
    url: SSO_CALLBACK_PATH,
    helmet: false,
    schema: { hide: true },
    onRequest: async (_request, reply) => {
      reply.headers(API_SECURITY_HEADERS);
    },
    handler: async (request, reply) => {
      if (!oidc || !sso) return refuse(reply, "unavailable");
      const parsed = CallbackQuerySchema.safeParse(request.query);
      if (!parsed.success) return refuse(reply, "provider");
      const { code, state, iss, error } = parsed.data;
      const cookieState = readStateCookie(request);
      // Only the browser that began the sign-in may finish it, and only once: the row is deleted as it is read.
      const secrets = state && state === cookieState ? await takeSignIn(db, state) : undefined;
      if (error !== undefined) return refuse(reply, error === "access_denied" ? "cancelled" : "provider");
      if (!secrets || !code) return refuse(reply, "expired");

      const answer = new URLSearchParams({
        code,
        state: secrets.state,
        ...(iss === undefined ? {} : { iss }),
      });
      let claims: Awaited<ReturnType<OidcClient["finish"]>>;
      try {
        claims = await oidc.finish(answer, secrets);
      } catch (failure) {
        // The reason only: never the tokens, the code or an e-mail address.
        request.log.warn(failureOf(failure), "the institution's sign-in failed");
        return refuse(reply, "provider");
      }
      const reading = readClaims(claims, sso, sso.issuer, config.allowedEmailDomains);
      if ("refusal" in reading) return refuse(reply, reading.refusal);

      const { user, outcome, promoted } = await accountForSignIn(db, reading.person, sso.displayName);
      if (outcome !== "known")
        request.log.info({ userId: user.id, outcome }, "institutional sign-in account");
      if (promoted) request.log.info({ userId: user.id }, "promoted to administrator by the admin group");
      await startSignedInSession(db, request, reply, user, "sso");
      reply.clearCookie(SSO_COOKIE, SSO_COOKIE_OPTIONS);
      return reply.redirect("/", 302);
    },
  });
}
