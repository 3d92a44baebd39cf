// buildApp assembles the HTTP application around an open database. main.ts calls it for the real process and
// tests call it on their own database; nothing here reads the environment.
import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { allEndpoints } from "@shared/contract";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config";
import { ChangeTracker } from "./db/change-tracker";
import type { Database } from "./db/client";
import { encodeShell, firstScreenOf, readAppShell, withScreenPreloads } from "./http/app-shell";
import { installErrorHandler } from "./http/error-handler";
import { serializeError, serializeRequest } from "./http/log-serializers";
import { installOpenApi } from "./http/openapi";
import { ResponseCache } from "./http/response-cache";
import { assertContractImplemented } from "./http/route";
import { installSameOriginCheck } from "./http/same-origin";
import { installTextSafety } from "./http/text-safety";
import type { Mailer } from "./mail/mailer";
import type { MailSite } from "./mail/site";
import { registerAdministratorRoutes } from "./modules/administrators/administrators.routes";
import { registerAnalyticsRoutes } from "./modules/analytics/analytics.routes";
import { registerApplicationRoutes } from "./modules/applications/applications.routes";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import type { AuthRateLimits } from "./modules/auth/sign-in-limits";
import { registerBadgeRoutes } from "./modules/badges/badges.routes";
import { registerCalendarRoutes } from "./modules/calendar/calendar.routes";
import { registerCertificateRoutes } from "./modules/certificates/certificates.routes";
import { registerHoursRoutes } from "./modules/hours/hours.routes";
import { registerLeaderboardRoutes } from "./modules/leaderboard/leaderboard.routes";
import { registerMailRoutes } from "./modules/notifications/mail.routes";
import { registerNotificationRoutes } from "./modules/notifications/notifications.routes";
import { registerOpportunityRoutes } from "./modules/opportunities/opportunities.routes";
import { registerSsoRoutes } from "./modules/sso/sso.routes";
import { registerSupervisionRoutes } from "./modules/supervision/supervision.routes";
import { verificationKeyOf } from "./modules/supervision/verification-link";
import { registerSystemRoutes } from "./modules/system/system.routes";
import { registerTimelineRoutes } from "./modules/timeline/timeline.routes";
import { registerWaitlistRoutes } from "./modules/waitlist/waitlist.routes";
import { SESSION_COOKIE } from "./sessions/session-cookie";

export interface BuildAppOptions {
  db: Database;
  config: Pick<
    Config,
    | "sessionSecret"
    | "allowedEmailDomains"
    | "trustProxy"
    | "logLevel"
    | "termStartMonths"
    | "registration"
    | "certificateKey"
    | "sso"
    | "passwordLogin"
  > &
    Partial<Pick<Config, "readCacheMaxBytes">>;
  /** Folder of the built client; when absent or missing, only the API is served. */
  clientDir?: string;
  rateLimits?: AuthRateLimits;
  /** false silences the log; a file path writes it there (tests). */
  logger?: boolean | string;
  /** The database's change feed; without one nothing is cached. */
  changes?: ChangeTracker;
  /** Outgoing mail: required by registration by e-mail, and offers password reset (ADR 0033). */
  mailer?: Mailer;
  /** Where mail links point and whom they name (PUBLIC_URL, INSTITUTION_NAME); the local defaults otherwise. */
  site?: MailSite;
}

export const DEFAULT_MAIL_SITE: MailSite = {
  publicUrl: "http://localhost:3000",
  institutionName: "IIM Bangalore",
};

export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  if (config.registration === "email" && !options.mailer) {
    throw new Error("registration by e-mail needs a mailer (SMTP_URL)");
  }
  const trustedProxies = config.trustProxy;
  const app = Fastify({
    // A hop count trusts the nearest n proxies, whatever their address (what Fastify does with a number).
    trustProxy:
      typeof trustedProxies === "number"
        ? (_address: string, hop: number) => hop < trustedProxies
        : trustedProxies,
    bodyLimit: BODY_LIMIT_BYTES,
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === "string" ? { file: options.logger } : {}),
            // Never log credentials, cookies, e-mail addresses or a failed query's values (log-serializers.ts).
            serializers: { req: serializeRequest, err: serializeError },
            redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
          },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON only: without a text/plain parser, anything else is answered 415.
  app.removeContentTypeParser("text/plain");
  app.decorateRequest("session", undefined);
  app.decorateRequest("user", null);
  const changes = options.changes ?? ChangeTracker.offline();
  app.decorate("cache", new ResponseCache(changes, config.readCacheMaxBytes));
  // A write served here answers only once its own changes' notices have reached this process's caches, so the
  // client's next read sees it; other processes learn of it from the same notices (change-tracker.ts).
  app.addHook("onSend", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") await changes.settle();
  });

  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  installErrorHandler(app);
  installSameOriginCheck(app);
  installTextSafety(app);
  // Before the routes: it documents each contract endpoint as Fastify registers it.
  await installOpenApi(app);

  registerSystemRoutes(app, db);
  registerAuthRoutes(app, db, config, options.rateLimits, options.mailer !== undefined);
  registerSsoRoutes(app, db, config, options.rateLimits);
  registerOpportunityRoutes(app, db);
  registerApplicationRoutes(app, db);
  // Supervisors' verification links are signed with their own key, derived from the session secret (ADR 0038).
  const verificationKey = verificationKeyOf(config.sessionSecret);
  registerHoursRoutes(app, db, verificationKey);
  registerSupervisionRoutes(app, db, {
    verificationKey,
    institutionName: (options.site ?? DEFAULT_MAIL_SITE).institutionName,
  });
  registerWaitlistRoutes(app, db);
  registerTimelineRoutes(app, db);
  registerBadgeRoutes(app, db);
  registerNotificationRoutes(app, db);
  registerMailRoutes(app, db, {
    site: options.site ?? DEFAULT_MAIL_SITE,
    secret: config.sessionSecret,
    mailConfigured: options.mailer !== undefined,
  });
  registerLeaderboardRoutes(app, db, config);
  registerAnalyticsRoutes(app, db);
  registerAdministratorRoutes(app, db);
  registerCalendarRoutes(app, db, options.site ?? DEFAULT_MAIL_SITE);
  registerCertificateRoutes(app, db, options.site ?? DEFAULT_MAIL_SITE, config.certificateKey);
  assertContractImplemented(app, allEndpoints);

  await serveClient(app, options.clientDir);
  return app;
}

/**
 * Serves the built single-page client: hashed assets cached for a year, every other page gets index.html.
 * The build writes a Brotli and a gzip copy of every text file (vite.config.ts); a browser that accepts one
 * gets it, compressed once at build time rather than on every request.
 */
/**
 * Hashed build assets never change; the bundled photographs (src/client/public/photos) change only with a release, so a
 * week's caching spares phones the download; everything else is revalidated.
 */
function cacheControlOf(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return "public, max-age=31536000, immutable";
  if (filePath.includes(`${path.sep}photos${path.sep}`)) return "public, max-age=604800";
  return "no-cache";
}

async function serveClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // Looked up per request, so a rebuilt client is served without a restart.
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header("Cache-Control", cacheControlOf(filePath));
      },
    });
  }
  // index.html naming the chunks of the screen this page is likely to show (http/app-shell.ts); which one depends on
  // whether the request carries a session cookie, so caches keep one copy per cookie.
  const sendAppShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const { html, manifest } = await readAppShell(clientDir as string);
    const pathname = request.url.split("?")[0] ?? "/";
    const screen = firstScreenOf(pathname, request.cookies[SESSION_COOKIE] !== undefined);
    const { body, encoding } = encodeShell(
      withScreenPreloads(html, manifest, screen),
      request.headers["accept-encoding"],
    );
    if (encoding) reply.header("Content-Encoding", encoding);
    return reply
      .header("Cache-Control", "no-cache")
      .header("Vary", "Accept-Encoding, Cookie")
      .type("text/html; charset=utf-8")
      .send(body);
  };
  if (hasClient) app.get("/", sendAppShell);
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === "/api" || request.url.startsWith("/api/");
    if (!isApi && hasClient && (request.method === "GET" || request.method === "HEAD")) {
      const urlPath = request.url.split("?")[0] ?? "/";
      // A real file (favicon, hashed asset) when there is one, else the app shell, which routes on the client.
      if (path.extname(urlPath) !== "" && !urlPath.endsWith(".html")) {
        return reply.code(404).send({ message: "Not found", code: "not_found" });
      }
      return sendAppShell(request, reply);
    }
    return reply
      .code(404)
      .header("Cache-Control", "no-store")
      .send({ message: `Not found: ${request.method} ${request.url.split("?")[0]}`, code: "not_found" });
  });
}
