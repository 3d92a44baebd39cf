import type { CurrentUser } from "@shared/contract/auth";

/**
 * The greeting of the signed-in pages: a newcomer is welcomed, not welcomed back. "First time" is the server's
 * fact that this session is the account's first sign-in (ADR 0025).
 */
export function greetingFor(user: Pick<CurrentUser, "firstName" | "firstSignIn">): string {
  return `${user.firstSignIn ? "Welcome" : "Welcome back"}, ${user.firstName}!`;
}
