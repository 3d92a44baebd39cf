// Reading an application's own records (its hour submissions, its timeline): the application must exist (404),
// and the viewer must be its student or an admin (403), checked once here for every such list.
import type { Executor } from "@server/db/client";
import { applications } from "@server/db/schema";
import { notFound } from "@server/errors";
import type { SessionUser } from "@server/sessions/session-store";
import { eq } from "drizzle-orm";
import { assertCanSeeStudentRecords } from "../access";
import { APPLICATION_NOT_FOUND } from "./decision-locks";

export async function assertCanSeeApplication(
  db: Executor,
  viewer: SessionUser,
  applicationId: number,
): Promise<void> {
  const [owner] = await db
    .select({ userId: applications.userId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!owner) throw notFound(APPLICATION_NOT_FOUND);
  assertCanSeeStudentRecords(viewer, owner.userId, "applications");
}
