// Accounts: registration (always a student, institutional e-mail only, the password e-mailed when outgoing mail
// is configured), credentials, profile changes and account deletion. Deleting a user removes their applications,
// hour logs, badges, ledger rows and sessions in one statement through the foreign keys' cascades; opportunities
// they created stay (creator becomes null).

import type { Database } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { applications, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest, conflict, notFound } from "@server/errors";
import { destroyUserSessions, type SessionUser } from "@server/sessions/session-store";
import type { RegisterBody, UpdateProfileBody } from "@shared/contract/auth";
import { isAllowedEmailDomain, normalizeEmail } from "@shared/domain/email";
import type { Role } from "@shared/domain/enums";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { decoyPasswordHash, generateTemporaryPassword, hashPassword, verifyPassword } from "./password";

const EMAIL_TAKEN = "An account with this e-mail address already exists";

export function domainRefusalMessage(allowedDomains: readonly string[]): string {
  return `Registration is open to institutional e-mail addresses only (${allowedDomains.join(", ")}).`;
}

/** Hands a new account's temporary password to its owner; rejects when it could not. */
export type PasswordDelivery = (email: string, temporaryPassword: string) => Promise<void>;

/**
 * Creates a student with a temporary password. With `deliverPassword` (outgoing mail) the password goes out first
 * and the account is written only once the mail server has accepted it, so a failed delivery, or a crash during
 * it, leaves no account behind (an account whose password never arrived would block its address for good). Not
 * an insert held open in a transaction while mailing: that would hold a database connection, and on PGlite every
 * other request, for as long as the mail server takes. The rare opposite failure, a delivered password whose
 * insert then fails, answers an error and heals: registering again sends a new password (ADR 0014).
 */
export async function registerStudent(
  db: Database,
  input: RegisterBody,
  allowedDomains: readonly string[],
  deliverPassword?: PasswordDelivery,
): Promise<{ user: SessionUser; temporaryPassword: string }> {
  if (!isAllowedEmailDomain(input.email, allowedDomains)) {
    const message = domainRefusalMessage(allowedDomains);
    throw badRequest(message, { email: [message] });
  }
  const temporaryPassword = generateTemporaryPassword();
  if (deliverPassword) {
    const email = normalizeEmail(input.email);
    // An address that already has an account must not be sent a password that would never work.
    if (await isEmailRegistered(db, email)) throw conflict(EMAIL_TAKEN);
    await deliverPassword(email, temporaryPassword);
  }
  const user = await createUser(db, {
    ...input,
    password: temporaryPassword,
    role: "student",
    passwordIsTemporary: true,
    awaitingFirstSignIn: true,
  });
  return { user, temporaryPassword };
}

async function isEmailRegistered(db: Database, email: string): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return found !== undefined;
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  program?: RegisterBody["program"] | null;
  role: Role;
  /** The password was set for the owner, not by them: they are asked to replace it (ADR 0025). */
  passwordIsTemporary?: boolean;
  /** A new account: its first sign-in greets 'Welcome' rather than 'Welcome back' (ADR 0025). */
  awaitingFirstSignIn?: boolean;
}

/** Inserts a user with a hashed password; 409 when the e-mail is taken. */
export async function createUser(db: Database, input: NewUser): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: normalizeEmail(input.email),
        passwordHash,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        program: input.program ?? null,
        role: input.role,
        passwordIsTemporary: input.passwordIsTemporary ?? false,
        awaitingFirstSignIn: input.awaitingFirstSignIn ?? false,
      })
      .returning();
    if (!user) throw new Error("insert returned no row");
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** The user for these credentials, or undefined. Unknown e-mails cost the same time as wrong passwords. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<SessionUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (!user) {
    await verifyPassword(await decoyPasswordHash(), password);
    return undefined;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : undefined;
}

/**
 * Called at a successful sign-in: true when this is the account's first one (the flag is cleared in the same
 * statement, so two simultaneous first sign-ins cannot both claim it).
 */
export async function claimFirstSignIn(db: Database, userId: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ awaitingFirstSignIn: false })
    .where(and(eq(users.id, userId), eq(users.awaitingFirstSignIn, true)))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/**
 * Keeps a temporary password for the session that asks (ADR 0025). Allowed once: 409 when the password is not
 * temporary or the skip was already used in an earlier session.
 */
export async function skipTemporaryPassword(db: Database, userId: number): Promise<SessionUser> {
  const [user] = await db
    .update(users)
    .set({ temporaryPasswordSkippedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        eq(users.passwordIsTemporary, true),
        isNull(users.temporaryPasswordSkippedAt),
      ),
    )
    .returning();
  if (!user) throw conflict("There is no temporary password to keep: choose a new password.");
  return user;
}

export async function changePassword(
  db: Database,
  user: SessionUser,
  currentPassword: string,
  newPassword: string,
  keepSessionToken: string | undefined,
  /** Called once the current password proved right (the caller counts wrong ones). */
  onCurrentPasswordRight: () => Promise<void> = async () => undefined,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest("Current password is incorrect", { currentPassword: ["Current password is incorrect"] });
  }
  await onCurrentPasswordRight();
  if (currentPassword === newPassword) {
    throw badRequest("Choose a password different from the current one", {
      newPassword: ["Choose a password different from the current one"],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(db, async (tx) => {
    // The owner chose this one: no longer temporary (ADR 0025).
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordIsTemporary: false,
        temporaryPasswordSkippedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    // Every other device signs in again with the new password.
    await destroyUserSessions(tx, user.id, keepSessionToken);
  });
}

export async function updateProfile(
  db: Database,
  userId: number,
  changes: UpdateProfileBody,
): Promise<SessionUser> {
  const values = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw notFound("Account not found");
  return user;
}

export async function deleteAccount(db: Database, user: SessionUser): Promise<void> {
  await inTransaction(db, async (tx) => {
    if (user.role === "admin") {
      // Lock the admins so two last admins deleting themselves at once cannot both succeed.
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), ne(users.id, user.id)))
        .for("update");
      if (others.length === 0) {
        throw conflict(
          "You are the only administrator. Create another administrator before deleting this account.",
        );
      }
    }
    // Lock the user's applications before the user row, the order decisions take them in
    // (decisions/decision-locks.ts).
    await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.userId, user.id))
      .orderBy(applications.id)
      .for("update");
    await destroyUserSessions(tx, user.id);
    const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    if (deleted.length === 0) throw notFound("Account not found");
  });
}
