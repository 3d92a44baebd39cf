// The account a person signs in to with the institution's provider (docs/product-rules.md §13, ADR 0041), found or
// made in one transaction: the provider's (issuer, subject) already linked; else the account with that verified
// e-mail, linked now and its owner told by e-mail; else a new student (an admin only through the configured group).
// Two sign-ins of one new person at once meet on the unique e-mail and the identities' key: the loser retries once
// and finds what the winner made.
import { randomBytes } from "node:crypto";
import type { Database, Executor } from "@server/db/client";
import { isUniqueViolation } from "@server/db/pg-errors";
import { userIdentities, users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import type { SessionUser } from "@server/sessions/session-store";
import { and, eq, sql } from "drizzle-orm";
import { insertUser } from "../auth/auth.service";
import { hashPassword } from "../auth/password";
import { queueAccountMail } from "../notifications/notify";
import type { SsoPerson } from "./sso-claims";

export interface SsoAccount {
  user: SessionUser;
  /** How the account was reached this time. */
  outcome: "known" | "linked" | "created";
  /** A student in the administrators' group became an administrator at this sign-in. */
  promoted: boolean;
}

async function userByIdentity(tx: Executor, person: SsoPerson): Promise<SessionUser | undefined> {
  const [row] = await tx
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, person.issuer), eq(userIdentities.subject, person.subject)))
    .limit(1);
  return row?.user;
}

async function userByEmail(tx: Executor, email: string): Promise<SessionUser | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

/** Group membership only ever raises a student to administrator; leaving the group demotes nobody. */
async function promoteIfInAdminGroup(
  tx: Executor,
  user: SessionUser,
  person: SsoPerson,
): Promise<{ user: SessionUser; promoted: boolean }> {
  if (!person.inAdminGroup || user.role !== "student") return { user, promoted: false };
  const [promoted] = await tx
    .update(users)
    .set({ role: "admin", updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), eq(users.role, "student")))
    .returning();
  return promoted ? { user: promoted, promoted: true } : { user, promoted: false };
}

async function resolveOnce(
  db: Database,
  person: SsoPerson,
  providerName: string,
  newPasswordHash: () => Promise<string>,
): Promise<SsoAccount> {
  // Hashed before the transaction (argon2 takes a while), and only when no account is linked yet.
  const passwordHash = (await userByIdentity(db, person)) ? undefined : await newPasswordHash();
  return inTransaction(db, async (tx) => {
    const known = await userByIdentity(tx, person);
    if (known) return { ...(await promoteIfInAdminGroup(tx, known, person)), outcome: "known" };
    const existing = await userByEmail(tx, person.email);
    const linkTo =
      existing ??
      (await insertUser(tx, {
        email: person.email,
        // Nobody knows this password: the account signs in through the provider (or a reset, where allowed).
        passwordHash: passwordHash ?? (await newPasswordHash()),
        firstName: person.firstName,
        lastName: person.lastName,
        // Asked once at the first sign-in (CurrentUser.programPrompt).
        program: null,
        role: person.inAdminGroup ? "admin" : "student",
        passwordIsTemporary: false,
        awaitingFirstSignIn: true,
      }));
    await tx
      .insert(userIdentities)
      .values({ issuer: person.issuer, subject: person.subject, userId: linkTo.id });
    if (!existing) return { user: linkTo, outcome: "created", promoted: false };
    await queueAccountMail(tx, {
      kind: "sso_linked",
      userId: existing.id,
      to: existing.email,
      occurrence: `${existing.id}:${person.issuer}:${person.subject}`,
      provider: providerName,
    });
    return { ...(await promoteIfInAdminGroup(tx, existing, person)), outcome: "linked" };
  });
}

export async function accountForSignIn(
  db: Database,
  person: SsoPerson,
  providerName: string,
): Promise<SsoAccount> {
  const newPasswordHash = () => hashPassword(randomBytes(32).toString("base64url"));
  try {
    return await resolveOnce(db, person, providerName, newPasswordHash);
  } catch (error) {
    // A simultaneous sign-in of the same person made the account or the link first: this one now finds it.
    if (!isUniqueViolation(error)) throw error;
    return resolveOnce(db, person, providerName, newPasswordHash);
  }
}
