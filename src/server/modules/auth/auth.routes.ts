// HTTP glue for accounts; the rules live in auth.service.ts.

import type { Config } from "@server/config";
import type { Database } from "@server/db/client";
import { serviceUnavailable, tooManyRequests, unauthorized } from "@server/errors";
import { registerRoute } from "@server/http/route";
import type { Mailer } from "@server/mail/mailer";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "@server/sessions/session-cookie";
import { createSession, destroySession, type LoadedSession } from "@server/sessions/session-store";
import { authContract } from "@shared/contract/auth";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import {
  authenticate,
  changePassword,
  claimFirstSignIn,
  deleteAccount,
  type PasswordDelivery,
  registerStudent,
  skipTemporaryPassword,
  updateProfile,
} from "./auth.service";
import { toCurrentUser } from "./current-user";
import { readKnownDevice, setDeviceCookie } from "./device-cookie";
import { registrationEmail } from "./registration-email";
import {
  type AuthRateLimits,
  DEFAULT_AUTH_RATE_LIMITS,
  type SignInAttempt,
  SignInLimits,
} from "./sign-in-limits";

const TOO_MANY_LOGINS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
const TOO_MANY_PASSWORD_CHANGES =
  "Too many wrong current passwords. Please wait a few minutes and try again.";
const TOO_MANY_REGISTRATIONS = "Too many registrations from this network. Please try again later.";
const PASSWORD_MAIL_FAILED =
  "We could not send the e-mail with your temporary password, so no account was created. Please try again in a few minutes.";

/** Delivery by e-mail: a failure is logged for the operator and answered 503 (the mail server, not the input). */
function emailPassword(mailer: Mailer, log: FastifyBaseLogger): PasswordDelivery {
  return async (email, temporaryPassword) => {
    try {
      await mailer.send(registrationEmail(email, temporaryPassword));
    } catch (error) {
      log.warn({ err: error }, "registration e-mail not sent; no account created");
      throw serviceUnavailable(PASSWORD_MAIL_FAILED);
    }
  };
}

/** The session the access guard loaded for a signed-in route. */
function signedInSession(request: FastifyRequest): LoadedSession {
  if (!request.session) throw unauthorized("Unauthorized");
  return request.session;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<Config, "allowedEmailDomains">,
  limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS,
  /** Outgoing mail; without it registration answers the temporary password itself. */
  mailer?: Mailer,
): void {
  const signInLimits = new SignInLimits(db, limits);

  registerRoute(app, db, authContract.currentUser, async ({ user, request }) =>
    toCurrentUser(user, signedInSession(request)),
  );

  registerRoute(app, db, authContract.register, async ({ body, request }) => {
    const retryAfter = await signInLimits.registrations.take(request.ip);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY_REGISTRATIONS, retryAfter);
    if (mailer) {
      const delivery = emailPassword(mailer, request.log);
      const { user } = await registerStudent(db, body, config.allowedEmailDomains, delivery);
      return {
        message: `Account created. We have e-mailed your temporary password to ${user.email}. Check your inbox (and your spam folder), then sign in with it.`,
      };
    }
    const { temporaryPassword } = await registerStudent(db, body, config.allowedEmailDomains);
    return {
      tempPassword: temporaryPassword,
      message: `Account created. Your temporary password is ${temporaryPassword}. Sign in with it, then change it in Profile → Settings.`,
    };
  });

  registerRoute(app, db, authContract.login, async ({ body, request, reply }) => {
    const attempt: SignInAttempt = {
      email: body.email,
      ip: request.ip,
      device: readKnownDevice(request, body.email),
    };
    const wait = await signInLimits.begin(attempt);
    if (wait > 0) throw tooManyRequests(TOO_MANY_LOGINS, wait);
    const user = await authenticate(db, body.email, body.password);
    if (!user) throw unauthorized("Invalid credentials");
    await signInLimits.succeeded(attempt);
    // A fresh session id at every sign-in: whatever cookie came in is discarded (no session fixation).
    const previous = readSessionToken(request);
    if (previous) await destroySession(db, previous);
    const firstSignIn = user.awaitingFirstSignIn && (await claimFirstSignIn(db, user.id));
    const { token } = await createSession(db, user.id, { firstSignIn });
    setSessionCookie(reply, token);
    setDeviceCookie(reply, user.email, attempt.device);
    return {
      user: { id: user.id, firstName: user.firstName, lastName: user.lastName, role: user.role },
      message: "Login successful",
    };
  });

  registerRoute(app, db, authContract.logout, async ({ request, reply }) => {
    const token = readSessionToken(request);
    if (token) await destroySession(db, token);
    clearSessionCookie(reply);
    return { message: "Logged out" };
  });

  registerRoute(app, db, authContract.deleteAccount, async ({ user, reply }) => {
    await deleteAccount(db, user);
    clearSessionCookie(reply);
    return { message: "Account deleted" };
  });

  registerRoute(app, db, authContract.changePassword, async ({ user, body, request }) => {
    // Counted before the current password is checked, like a sign-in; given back when it was right.
    const account = String(user.id);
    const wait = await signInLimits.passwordChanges.take(account);
    if (wait > 0) throw tooManyRequests(TOO_MANY_PASSWORD_CHANGES, wait);
    await changePassword(db, user, body.currentPassword, body.newPassword, readSessionToken(request), () =>
      signInLimits.passwordChanges.release(account),
    );
    return { message: "Password changed" };
  });

  registerRoute(app, db, authContract.skipPasswordChange, async ({ user, request }) =>
    toCurrentUser(await skipTemporaryPassword(db, user.id), signedInSession(request)),
  );

  registerRoute(app, db, authContract.updateProfile, async ({ user, body, request }) =>
    toCurrentUser(await updateProfile(db, user.id, body), signedInSession(request)),
  );
}
