import type { LoadedSession, SessionUser } from "@server/sessions/session-store";
import type { CurrentUser, PasswordPrompt } from "@shared/contract/auth";

/**
 * Whether this account's password signs in here (ADR 0041): everyone's does, unless PASSWORD_LOGIN=false leaves
 * passwords to the break-glass accounts made by create-admin. Sign-in, password change, the prompt to replace a
 * temporary password and Settings all follow this one rule.
 */
export function passwordSignsIn(user: Pick<SessionUser, "breakGlass">, passwordLogin: boolean): boolean {
  return passwordLogin || user.breakGlass;
}

/**
 * Whether to ask for a new password (ADR 0025): a temporary one is asked about after every sign-in; the first
 * time the owner may skip, and a skip lasts for the session it was made in. A later session asks without a skip.
 */
export function passwordPromptFor(
  user: SessionUser,
  session: Pick<LoadedSession, "createdAt">,
  /** PASSWORD_LOGIN: when false only break-glass accounts have a password to replace (ADR 0041). */
  passwordLogin: boolean,
): PasswordPrompt {
  if (!user.passwordIsTemporary) return "none";
  if (!passwordSignsIn(user, passwordLogin)) return "none";
  const skippedAt = user.temporaryPasswordSkippedAt;
  if (!skippedAt) return "skippable";
  return skippedAt.getTime() >= session.createdAt.getTime() ? "none" : "required";
}

/**
 * Whether to ask a student for their programme (ADR 0041): an account made by the institution's sign-in has
 * none until the student answers, which they do once, before any other question.
 */
export function programPromptFor(user: SessionUser): boolean {
  return user.role === "student" && user.program === null;
}

/**
 * Whether to ask a student for their interests (ADR 0035): once, never an admin, and only after the password
 * and programme prompts are answered, so one question is asked at a time.
 */
export function interestsPromptFor(user: SessionUser, passwordPrompt: PasswordPrompt): boolean {
  return (
    user.role === "student" &&
    user.interestsAskedAt === null &&
    passwordPrompt === "none" &&
    !programPromptFor(user)
  );
}

/** The signed-in user as the API shows it: never the password hash. */
export function toCurrentUser(
  user: SessionUser,
  session: Pick<LoadedSession, "createdAt" | "firstSignIn">,
  passwordLogin: boolean,
): CurrentUser {
  const passwordPrompt = passwordPromptFor(user, session, passwordLogin);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    program: user.program,
    coins: user.coins,
    profileImageUrl: user.profileImageUrl,
    anonymizeLeaderboard: user.anonymizeLeaderboard,
    createdAt: user.createdAt.toISOString(),
    firstSignIn: session.firstSignIn,
    passwordPrompt,
    interests: { skills: user.interestSkills, types: user.interestTypes },
    interestsPrompt: interestsPromptFor(user, passwordPrompt),
    programPrompt: programPromptFor(user),
    passwordChange: passwordSignsIn(user, passwordLogin),
  };
}
