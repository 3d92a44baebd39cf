// Administrators: the list, and promotion of a registered student (PRODUCT-RULES §1, ADR 0015).
import { and, asc, eq, sql } from "drizzle-orm";
import type { Administrator } from "../../../shared/contract/administrators";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";

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
 * the same student at once, one succeeds and the other is told the student already is one.
 */
export async function promoteToAdministrator(db: Database, email: string): Promise<Administrator> {
  const [promoted] = await db
    .update(users)
    .set({ role: "admin", updatedAt: sql`now()` })
    .where(and(eq(users.email, email), eq(users.role, "student")))
    .returning(administratorColumns);
  if (promoted) return promoted;
  const [existing] = await db.select(administratorColumns).from(users).where(eq(users.email, email));
  if (!existing) throw notFound(NO_ACCOUNT_FOR_EMAIL);
  throw conflict(`${existing.firstName} ${existing.lastName} is already an administrator.`);
}
