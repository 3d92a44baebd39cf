// HTTP glue for accounts; the rules live in auth.service.ts.

import type { Config } from "@server/config";
import type { Database } from "@server/db/client";
import { forbidden, serviceUnavailable, tooManyRequests, unauthorized } from "@server/errors";
import { registerRoute } from "@server/http/route";
import { clearSessionCookie, readSessionToken } from "@server/sessions/session-cookie";
import { destroySession, type LoadedSession } from "@server/sessions/session-store";
import { authContract } from "@shared/contract/auth";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  authenticate,
  changePassword,
  deleteAccount,
  registerStudent,
  registerStudentByEmail,
  skipTemporaryPassword,
  updateProfile,
} from "./auth.service";
import { passwordSignsIn, toCurrentUser } from "./current-user";
import { readKnownDevice, setDeviceCookie } from "./device-cookie";
import { exportMyData, myDataFileName } from "./my-data";
import { checkResetLink, RESET_REQUESTED, requestPasswordReset, resetPassword } from "./password-reset";
import {
  type AuthRateLimits,
  DEFAULT_AUTH_RATE_LIMITS,
  type SignInAttempt,
  SignInLimits,
} from "./sign-in-limits";
import { startSignedInSession } from "./sign-in-session";

const TOO_MANY_LOGINS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";
const TOO_MANY_PASSWORD_CHANGES =
  "Too many wrong current passwords. Please wait a few minutes and try again.";
const TOO_MANY_REGISTRATIONS = "Too many registrations from this network. Please try again later.";
const TOO_MANY_RESET_REQUESTS =
  "Too many password reset requests. Please wait a while, then check your inbox before asking again.";
const REGISTRATION_CLOSED = "Registration is closed on this server. Ask an administrator for an account.";
/** PASSWORD_LOGIN=false (docs/product-rules.md §13, ADR 0041): accounts come from the institution's sign-in. */
export function accountsMadeBySsoMessage(providerName: string): string {
  return `Accounts are made when you first sign in with ${providerName}.`;
}
/** PASSWORD_LOGIN=false: a password proved right, but only break-glass accounts sign in with one. */
export function passwordLoginOffMessage(providerName: string): string {
  return `Password sign-in is turned off here. Sign in with ${providerName}.`;
}
/**
 * PASSWORD_LOGIN=false: no reset links, for anyone (ADR 0041). Students have no password to reset; a break-glass
 * administrator who lost theirs asks whoever runs the server for another one made with create-admin.
 */
export function passwordResetOffMessage(providerName: string): string {
  return `Password reset is turned off here. Sign in with ${providerName}. An administrator who signs in with a password and has lost it asks whoever runs the server for a new account (npm run create-admin).`;
}
/** PASSWORD_LOGIN=false: a person who signs in with the institution's account has no Seva password to change. */
export function passwordChangeOffMessage(providerName: string): string {
  return `Passwords are turned off here: you sign in with ${providerName}, which is where your password is changed.`;
}
const RESET_NEEDS_MAIL =
  "Password reset needs e-mail, which this server does not send. Ask an administrator for help.";

/** The one answer of registration by e-mail, for a new address and a taken one alike (ADR 0033). */
export function registrationMailedMessage(email: string): string {
  return `Thank you. We have sent an e-mail to ${email} with what to do next. Check your inbox (and your spam folder) in a few minutes.`;
}

/** The session the access guard loaded for a signed-in route. */
function signedInSession(request: FastifyRequest): LoadedSession {
  if (!request.session) throw unauthorized("Unauthorized");
  return request.session;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  db: Database,
  config: Pick<Config, "allowedEmailDomains" | "registration" | "sso" | "passwordLogin">,
  limits: AuthRateLimits = DEFAULT_AUTH_RATE_LIMITS,
  /** Outgoing mail is configured: reset links can be e-mailed (the delivery worker sends the outbox). */
  mailConfigured = false,
): void {
  const signInLimits = new SignInLimits(db, limits);
  // The config guarantees the institution's sign-in whenever passwords are off; the fallback is for the types.
  const providerName = config.sso?.displayName ?? "your institution's account";

  registerRoute(app, db, authContract.currentUser, async ({ user, request }) =>
    toCurrentUser(user, signedInSession(request), config.passwordLogin),
  );

  registerRoute(app, db, authContract.signInOptions, async () => ({
    registration: config.registration,
    // Reset sets a password, which only signs in where passwords do.
    passwordReset: mailConfigured && config.passwordLogin,
    passwordLogin: config.passwordLogin,
    sso: config.sso ? { name: config.sso.displayName } : null,
    emailDomains: config.allowedEmailDomains,
  }));

  registerRoute(app, db, authContract.register, async ({ body, request }) => {
    if (config.registration === "closed") {
      throw forbidden(config.passwordLogin ? REGISTRATION_CLOSED : accountsMadeBySsoMessage(providerName));
    }
    const retryAfter = await signInLimits.registrations.take(request.ip);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY_REGISTRATIONS, retryAfter);
    if (config.registration === "email") {
      await registerStudentByEmail(db, body, config.allowedEmailDomains);
      return { message: registrationMailedMessage(body.email) };
    }
    const { temporaryPassword } = await registerStudent(db, body, config.allowedEmailDomains);
    return {
      tempPassword: temporaryPassword,
      message: `Account created. Your temporary password is ${temporaryPassword}. Sign in with it, then change it in Profile → Settings.`,
    };
  });

  registerRoute(app, db, authContract.forgotPassword, async ({ body, request }) => {
    if (!config.passwordLogin) throw forbidden(passwordResetOffMessage(providerName));
    if (!mailConfigured) throw serviceUnavailable(RESET_NEEDS_MAIL);
    // Counted for every address alike, with an account or not, so the limit tells nobody which exist.
    const wait = await signInLimits.resetRequests(body.email, request.ip);
    if (wait > 0) throw tooManyRequests(TOO_MANY_RESET_REQUESTS, wait);
    await requestPasswordReset(db, body.email);
    return { message: RESET_REQUESTED };
  });

  registerRoute(app, db, authContract.checkResetLink, async ({ body }) => {
    // A link e-mailed before passwords were turned off sets nothing now.
    if (!config.passwordLogin) throw forbidden(passwordResetOffMessage(providerName));
    return checkResetLink(db, body.token);
  });

  registerRoute(app, db, authContract.resetPassword, async ({ body, reply }) => {
    if (!config.passwordLogin) throw forbidden(passwordResetOffMessage(providerName));
    await resetPassword(db, body.token, body.newPassword);
    // This browser's session, if any, ended with every other one.
    clearSessionCookie(reply);
    return { message: "Your password has been changed. Sign in with your new password." };
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
    // Decided only once the password proved right: a wrong one is the same 401, in the same time, for every
    // account, so nobody learns from this answer which accounts are break-glass. Counted like a failure: it
    // signed nobody in.
    if (!passwordSignsIn(user, config.passwordLogin)) throw forbidden(passwordLoginOffMessage(providerName));
    await signInLimits.succeeded(attempt);
    await startSignedInSession(db, request, reply, user, "password");
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

  registerRoute(app, db, authContract.exportData, async ({ user, reply }) => {
    const now = new Date();
    // Saved as a file by the browser; like every API answer it is stored nowhere (cache-control: no-store).
    reply.header("content-disposition", `attachment; filename="${myDataFileName(now)}"`);
    return exportMyData(db, user.id, now);
  });

  registerRoute(app, db, authContract.deleteAccount, async ({ user, reply }) => {
    await deleteAccount(db, user);
    clearSessionCookie(reply);
    return { message: "Account deleted" };
  });

  registerRoute(app, db, authContract.changePassword, async ({ user, body, request }) => {
    if (!passwordSignsIn(user, config.passwordLogin)) throw forbidden(passwordChangeOffMessage(providerName));
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
    toCurrentUser(await skipTemporaryPassword(db, user.id), signedInSession(request), config.passwordLogin),
  );

  registerRoute(app, db, authContract.updateProfile, async ({ user, body, request }) =>
    toCurrentUser(await updateProfile(db, user, body), signedInSession(request), config.passwordLogin),
  );
}
