import type { Executor } from "@server/db/client";
import { users } from "@server/db/schema";
import { notFound } from "@server/errors";
import { eq } from "drizzle-orm";

export const USER_NOT_FOUND = "User not found";

/**
 * 404 for an id that names no account, so an admin's per-student lists answer like the per-opportunity ones
 * instead of an empty 200. Called only when a list came back empty: a student with rows exists.
 */
export async function assertUserExists(db: Executor, userId: number): Promise<void> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!found) throw notFound(USER_NOT_FOUND);
}
