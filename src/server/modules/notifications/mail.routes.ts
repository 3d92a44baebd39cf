// HTTP glue for the e-mail of notifications: the signed-in person's choices, the public one-click unsubscribe
// (RFC 8058) and its page, and the admins' mail log.
import type { Database } from "@server/db/client";
import { AppError } from "@server/errors";
import { registerRoute } from "@server/http/route";
import type { MailSite } from "@server/mail/site";
import { mailContract as routes } from "@shared/contract/mail";
import type { FastifyInstance } from "fastify";
import { listMail, readMail, readPreferences, unsubscribe, updatePreferences } from "./mail.service";
import { registerUnsubscribePage } from "./unsubscribe-page";

/** The paths that take a form body: RFC 8058's one-click POST sends `List-Unsubscribe=One-Click` as a form. */
export const FORM_BODY_PATHS = new Set(["/api/unsubscribe", "/unsubscribe"]);

export interface MailRouteOptions {
  site: MailSite;
  secret: string;
  /** Whether an SMTP server is configured (the mail log says so when not). */
  mailConfigured: boolean;
}

export function registerMailRoutes(app: FastifyInstance, db: Database, options: MailRouteOptions): void {
  // Every other endpoint takes JSON only (a form body elsewhere is still 415).
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "string", bodyLimit: 4096 },
    (request, body, done) => {
      const path = request.url.split("?")[0] ?? "";
      if (!FORM_BODY_PATHS.has(path)) {
        done(new AppError(415, "Request bodies must be JSON", "unsupported_media_type"), undefined);
        return;
      }
      // The content is not needed: the token in the address is the whole request.
      done(null, { form: String(body).slice(0, 100) });
    },
  );

  registerRoute(app, db, routes.preferences, async ({ user }) => readPreferences(db, user));

  registerRoute(app, db, routes.updatePreferences, async ({ user, body }) =>
    updatePreferences(db, user, body),
  );

  registerRoute(app, db, routes.unsubscribe, async ({ query }) =>
    unsubscribe(db, options.secret, query.token),
  );

  registerRoute(app, db, routes.log, async ({ query, reply }) => {
    const { messages, total } = await listMail(db, query);
    reply.header("X-Total-Count", String(total));
    return { mailConfigured: options.mailConfigured, total, messages };
  });

  registerRoute(app, db, routes.message, async ({ params }) =>
    readMail(db, params.id, options.site, options.secret),
  );

  registerUnsubscribePage(app, db, options.secret);
}
