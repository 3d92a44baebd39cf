// Administrators: the list, promotion of a registered student and removal of the rights
// (docs/product-rules.md §1, ADR 0015).

import type { Database } from "@server/db/client";
import { users } from "@server/db/schema";
import { inTransaction } from "@server/db/transaction";
import { conflict, forbidden, notFound, ROLE_MESSAGES } from "@server/errors";
import type { SessionUser } from "@server/sessions/session-store";
import type { Administrator } from "@shared/contract/administrators";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { assertCanRemoveAdministrator } from "../access";
import { markAdminNoticesRead } from "../notifications/notifications.service";

export const ADMINISTRATOR_NOT_FOUND = "Administrator not found";

export const NO_ACCOUNT_FOR_EMAIL =
  "No account uses this e-mail address. Ask them to register first, then try again.";

const administratorColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function listAdministrators(db: Database): Promise<Administrator[]> {
  return db
    .select(administratorColumns)
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id));
}

/**
 * Makes the student with this e-mail an administrator. One compare-and-set statement: of two admins promoting
 * the same student at once, one succeeds and the other is told the student already is one. The new admin's
 * reading of the admins' notices starts at the newest (ADR 0080): they see the past, none of it unread.
 */
export async function promoteToAdministrator(db: Database, email: string): Promise<Administrator> {
  const promoted = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role: "admin", updatedAt: sql`now()` })
      .where(and(eq(users.email, email), eq(users.role, "student")))
      .returning(administratorColumns);
    if (row) await markAdminNoticesRead(tx, row.id);
    return row;
  });
  if (promoted) return promoted;
  const [existing] = await db.select(administratorColumns).from(users).where(eq(users.email, email));
  if (!existing) throw notFound(NO_ACCOUNT_FOR_EMAIL);
  throw conflict(`${existing.firstName} ${existing.lastName} is already an administrator.`);
}

/**
 * Makes another administrator a student again. Both rows are locked in id order, so two administrators removing
 * each other at the same moment queue up and the second finds it no longer has the rights: since no one removes
 * themselves, the school always keeps at least one administrator.
 */
export async function removeAdministrator(
  db: Database,
  remover: SessionUser,
  userId: number,
): Promise<Administrator> {
  assertCanRemoveAdministrator(remover, userId);
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select({ ...administratorColumns, role: users.role })
      .from(users)
      .where(inArray(users.id, [remover.id, userId]))
      .orderBy(asc(users.id))
      .for("update");
    if (rows.find((row) => row.id === remover.id)?.role !== "admin") throw forbidden(ROLE_MESSAGES.admin);
    const target = rows.find((row) => row.id === userId);
    if (target?.role !== "admin") throw notFound(ADMINISTRATOR_NOT_FOUND);
    await tx.update(users).set({ role: "student", updatedAt: sql`now()` }).where(eq(users.id, userId));
    const { role: _, ...administrator } = target;
    return administrator;
  });
}
