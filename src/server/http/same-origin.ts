// Cross-site request refusal (docs/product-rules.md §1): a state-changing request must come from the app's
// own origin. Browsers always send Origin or Sec-Fetch-Site on such requests, so a forged cross-site form or
// fetch is refused here. A request with neither header does not come from a browser and carries no ambient
// cookie risk.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one state-changing endpoint meant to be called from elsewhere: RFC 8058's one-click unsubscribe, which a
 * mail provider POSTs to from its own servers (or a webmail from its own origin). It carries no session and
 * trusts no cookie: its signed token is the whole authority, and it can only turn one category's e-mail off
 * (ADR 0031). Exempt deliberately, by exact path.
 */
const CROSS_SITE_PATHS = new Set(["/api/unsubscribe"]);

export function isSameOriginRequest(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    try {
      // Both sides go through URL so that default ports compare equal ("host:80" is "host" over http).
      return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
    } catch {
      return false;
    }
  }
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined) return fetchSite === "same-origin" || fetchSite === "none";
  return true;
}

export function installSameOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (CROSS_SITE_PATHS.has(request.url.split("?")[0] ?? "")) return;
    if (!isSameOriginRequest(request)) throw forbidden("Cross-site request refused");
  });
}
