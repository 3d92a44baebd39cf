import type { SessionUser } from "@server/sessions/session-store";
import type { CurrentUser } from "@shared/contract/auth";

/** The signed-in user as the API shows it: never the password hash. */
export function toCurrentUser(user: SessionUser): CurrentUser {
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
  };
}
