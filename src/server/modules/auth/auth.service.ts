// Accounts: registration (always a student, institutional e-mail only, the password e-mailed when outgoing mail
// is configured, ADR 0033), credentials, profile changes and account deletion. Deleting a user removes their applications,
// hour logs, badges, ledger rows and sessions in one statement through the foreign keys' cascades; opportunities
// they created stay (creator becomes null).

import { randomUUID } from "node:crypto";
import type { Database, Executor } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { applications, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { badRequest, conflict, notFound } from "@server/errors";
import { destroyUserSessions, type SessionUser } from "@server/sessions/session-store";
import type { RegisterBody, UpdateProfileBody } from "@shared/contract/auth";
import { isAllowedEmailDomain, normalizeEmail } from "@shared/domain/email";
import type { Role } from "@shared/domain/enums";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { revokeCertificatesOfDeletedAccount } from "../certificates/certificates.service";
import { queueAccountMail } from "../notifications/notify";
import { decoyPasswordHash, generateTemporaryPassword, hashPassword, verifyPassword } from "./password";
import { forgetResetLinks, tellPasswordChanged } from "./password-reset";

const EMAIL_TAKEN = "An account with this e-mail address already exists";

export function domainRefusalMessage(allowedDomains: readonly string[]): string {
  return `Registration is open to institutional e-mail addresses only (${allowedDomains.join(", ")}).`;
}

function refuseForeignDomain(email: string, allowedDomains: readonly string[]): void {
  if (!isAllowedEmailDomain(email, allowedDomains)) {
    const message = domainRefusalMessage(allowedDomains);
    throw badRequest(message, { email: [message] });
  }
}

/**
 * Without mail (the embedded demo, or REGISTRATION=unverified): creates a student with a temporary password,
 * which the answer shows once. A taken address is a 409.
 */
export async function registerStudent(
  db: Database,
  input: RegisterBody,
  allowedDomains: readonly string[],
): Promise<{ user: SessionUser; temporaryPassword: string }> {
  refuseForeignDomain(input.email, allowedDomains);
  const temporaryPassword = generateTemporaryPassword();
  const user = await createUser(db, {
    ...input,
    password: temporaryPassword,
    role: "student",
    passwordIsTemporary: true,
    awaitingFirstSignIn: true,
  });
  return { user, temporaryPassword };
}

/**
 * With mail (docs/product-rules.md §9, ADR 0033): the temporary password goes only by e-mail, queued in the
 * transaction that creates the account, so owning the address is what signs one in. An address that has an
 * account already gets, instead, a note that someone tried to register with it (at most one an hour), and the
 * caller answers both alike: nobody learns from registration who has an account. Both ways pay for one argon2
 * hash, so neither is quicker.
 */
export async function registerStudentByEmail(
  db: Database,
  input: RegisterBody,
  allowedDomains: readonly string[],
): Promise<void> {
  refuseForeignDomain(input.email, allowedDomains);
  const email = normalizeEmail(input.email);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const existing = await findUserIdByEmail(db, email);
  if (existing !== undefined) return tellOwnerOfAttempt(db, existing, email);
  try {
    await inTransaction(db, async (tx) => {
      const user = await insertUser(tx, {
        ...input,
        passwordHash,
        role: "student",
        passwordIsTemporary: true,
        awaitingFirstSignIn: true,
      });
      await queueAccountMail(tx, {
        kind: "registration_password",
        userId: user.id,
        to: user.email,
        occurrence: String(user.id),
        secret: temporaryPassword,
      });
    });
  } catch (error) {
    // A simultaneous registration of the same address won: this one is an attempt on an existing account.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserIdByEmail(db, email);
    if (winner !== undefined) await tellOwnerOfAttempt(db, winner, email);
  }
}

async function tellOwnerOfAttempt(db: Database, userId: number, email: string): Promise<void> {
  const hour = new Date().toISOString().slice(0, 13);
  await queueAccountMail(db, {
    kind: "registration_attempt",
    userId,
    to: email,
    occurrence: `${userId}:${hour}`,
  });
}

async function findUserIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return found?.id;
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
  /** Made by create-admin: still signs in with its password when PASSWORD_LOGIN=false (ADR 0041). */
  breakGlass?: boolean;
}

/** Inserts a user with a hashed password; 409 when the e-mail is taken. */
export async function createUser(db: Database, input: NewUser): Promise<SessionUser> {
  const { password, ...rest } = input;
  const passwordHash = await hashPassword(password);
  try {
    return await insertUser(db, { ...rest, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** The insert itself, for a caller that hashed the password beforehand (outside its transaction). */
export async function insertUser(
  db: Executor,
  input: Omit<NewUser, "password"> & { passwordHash: string },
): Promise<SessionUser> {
  const [user] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      program: input.program ?? null,
      role: input.role,
      passwordIsTemporary: input.passwordIsTemporary ?? false,
      awaitingFirstSignIn: input.awaitingFirstSignIn ?? false,
      breakGlass: input.breakGlass ?? false,
    })
    .returning();
  if (!user) throw new Error("insert returned no row");
  return user;
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
    // Every other device signs in again with the new password, and no reset link sent earlier works.
    await destroyUserSessions(tx, user.id, keepSessionToken);
    await forgetResetLinks(tx, user.id);
    await tellPasswordChanged(tx, user.id, `change:${randomUUID()}`, "every other device");
  });
}

/** Interests are a student's (ADR 0035): an admin is never asked and may not set them. */
export const ONLY_STUDENTS_CHOOSE_INTERESTS = "Only students choose interests";

export async function updateProfile(
  db: Database,
  user: Pick<SessionUser, "id" | "role">,
  changes: UpdateProfileBody,
): Promise<SessionUser> {
  const { interests, ...rest } = changes;
  if (interests && user.role !== "student") {
    throw badRequest(ONLY_STUDENTS_CHOOSE_INTERESTS, { interests: [ONLY_STUDENTS_CHOOSE_INTERESTS] });
  }
  const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const [updated] = await db
    .update(users)
    .set({
      ...values,
      // Answering, even with nothing chosen ('Skip for Now'), records that the question was asked.
      ...(interests && {
        interestSkills: interests.skills,
        interestTypes: interests.types,
        interestsAskedAt: sql`now()`,
      }),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw notFound("Account not found");
  return updated;
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
    // Before the user row goes (user_id then becomes null): every certificate says 'Revoked' and states nothing.
    await revokeCertificatesOfDeletedAccount(tx, user.id);
    const deleted = await tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
    if (deleted.length === 0) throw notFound("Account not found");
  });
}
