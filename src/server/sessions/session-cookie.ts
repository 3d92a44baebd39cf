// The session cookie: read once per request that needs it, set at login (always a fresh token, so a planted
// cookie can never become a signed-in session), cleared at logout.
import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { topics } from "../db/change-tracker";
import type { Database } from "../db/client";
import {
  findSession,
  hashToken,
  isDueForSlide,
  type LoadedSession,
  SESSION_MAX_AGE_MS,
} from "./session-store";
import { sessionByToken } from "./sessions.reads";

export const SESSION_COOKIE = "seva.sid";

declare module "fastify" {
  interface FastifyRequest {
    /** Undefined until loaded; null when the request carries no live session. */
    session: LoadedSession | null | undefined;
  }
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/**
 * The request's live session. Sessions are cached until the sessions or users table changes (a logout, a
 * deletion or a role change anywhere drops them all) or the owner's balance does; a cached one past its expiry,
 * or due to slide, is read again. Only validly signed cookies get here, so nobody can fill the cache with
 * made-up tokens.
 */
export async function loadSession(db: Database, request: FastifyRequest): Promise<LoadedSession | null> {
  if (request.session !== undefined) return request.session;
  const token = readSessionToken(request);
  if (!token) {
    request.session = null;
    return null;
  }
  // Until it is found, a session waits on every balance; then only on its owner's, so an award to someone
  // else leaves it cached.
  let session = await request.server.cache.read(db, sessionByToken, token, {
    key: hashToken(token),
    narrowTo: (found) => ["sessions", "users", ...(found ? [topics.balanceOf(found.user.id)] : [])],
  });
  if (session && (session.expire.getTime() <= Date.now() || isDueForSlide(session))) {
    session = await findSession(db, token);
  }
  request.session = session ?? null;
  return request.session;
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    signed: true,
    // The browser keeps it as long as the session could live; the server ends it earlier when left idle.
    maxAge: Math.floor(SESSION_MAX_AGE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: "auto",
    signed: true,
  });
}
