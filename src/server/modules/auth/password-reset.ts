// 'Forgot password?' (docs/product-rules.md §9, ADR 0033). A request e-mails a link whose secret is 32 random
// bytes; only its SHA-256 is stored, one per account (a newer request replaces it), for 30 minutes. Using it
// deletes it in the same statement that checks it, so two uses at once cannot both succeed, then sets the
// password, ends every session and tells the owner, all in one transaction. Whether the address has an account
// never shows: the request answers alike, and the check and the reset refuse every bad link with one message.
import { randomBytes } from "node:crypto";
import type { Database, Executor } from "@server/db/client";
import { passwordResets, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest } from "@server/errors";
import { destroyUserSessions, hashToken } from "@server/sessions/session-store";
import { normalizeEmail } from "@shared/domain/email";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { notify, queueAccountMail } from "../notifications/notify";
import { hashPassword } from "./password";

export const RESET_LINK_LIFETIME_MS = 30 * 60_000;

export const RESET_REQUESTED =
  "If an account uses that address, we have e-mailed it a link to choose a new password. The link works once, within 30 minutes. Check your inbox (and your spam folder).";
export const RESET_LINK_INVALID =
  "This reset link does not work any more: it was used, it expired after 30 minutes, or a newer one was sent. Ask for a new link.";

/** The path of the reset screen with its secret; in the fragment, so it never reaches a server's log. */
export function resetLinkPath(token: string): string {
  return `/reset-password#token=${token}`;
}

/** Writes a new reset link for the address's account, if there is one, and queues its e-mail. */
export async function requestPasswordReset(db: Database, email: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashToken(token);
  const expiresAt = new Date(Date.now() + RESET_LINK_LIFETIME_MS);
  await inTransaction(db, async (tx) => {
    // Links nobody used are of no use to anyone once expired.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, sql`now()`));
    await tx
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash, expiresAt })
      .onConflictDoUpdate({
        target: passwordResets.userId,
        set: { tokenHash, expiresAt, createdAt: sql`now()` },
      });
    await queueAccountMail(tx, {
      kind: "password_reset",
      userId: user.id,
      to: user.email,
      occurrence: tokenHash,
      secret: token,
    });
  });
}

/** The address a reset link is for, while it still works; 400 otherwise. Leaves the link as it is. */
export async function checkResetLink(db: Database, token: string): Promise<{ email: string }> {
  const [found] = await db
    .select({ email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, sql`now()`)));
  if (!found) throw badRequest(RESET_LINK_INVALID);
  return found;
}

/** Uses up the link and sets the new password; every session of the account ends. */
export async function resetPassword(db: Database, token: string, newPassword: string): Promise<void> {
  const tokenHash = hashToken(token);
  // Hashed before the transaction: argon2 takes tens of milliseconds, and PGlite has one connection.
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(db, async (tx) => {
    const [used] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, tokenHash), gt(passwordResets.expiresAt, sql`now()`)))
      .returning({ userId: passwordResets.userId });
    if (!used) throw badRequest(RESET_LINK_INVALID);
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordIsTemporary: false,
        temporaryPasswordSkippedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, used.userId));
    await destroyUserSessions(tx, used.userId);
    await tellPasswordChanged(tx, used.userId, `reset:${tokenHash}`, "every device");
  });
}

/**
 * Tells the owner, in the app and by e-mail (security mail always goes), that the password changed, so a change
 * they did not make does not go unnoticed.
 */
export async function tellPasswordChanged(
  tx: Executor,
  userId: number,
  occurrence: string,
  signedOut: "every device" | "every other device",
): Promise<void> {
  await notify(tx, {
    kind: "password_changed",
    to: { userIds: [userId] },
    title: "Your password was changed",
    body: `Your Seva password was changed and ${signedOut} was signed out. If you did not do this, reset your password at once and tell an administrator.`,
    link: "/profile",
    occurrence,
  });
}

/** A password chosen in Profile → Settings makes any reset link sent earlier useless. */
export async function forgetResetLinks(tx: Executor, userId: number): Promise<void> {
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
