// The one way a sign-in becomes a session, for passwords and the institution's sign-in alike (ADR 0041): a fresh
// session id every time, whatever cookie came in being discarded (no session fixation), the account's first
// sign-in claimed once (it greets 'Welcome'), and one log line with ids only (the log holds no e-mail addresses).
import type { Database } from "@server/db/client";
import { readSessionToken, setSessionCookie } from "@server/sessions/session-cookie";
import { createSession, destroySession, type SessionUser } from "@server/sessions/session-store";
import type { FastifyReply, FastifyRequest } from "fastify";
import { claimFirstSignIn } from "./auth.service";

export type SignInMethod = "password" | "sso";

export async function startSignedInSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<SessionUser, "id" | "awaitingFirstSignIn">,
  method: SignInMethod,
): Promise<void> {
  const previous = readSessionToken(request);
  if (previous) await destroySession(db, previous);
  const firstSignIn = user.awaitingFirstSignIn && (await claimFirstSignIn(db, user.id));
  const { token } = await createSession(db, user.id, { firstSignIn });
  setSessionCookie(reply, token);
  request.log.info({ userId: user.id, method }, "signed in");
}
