// Applications. Applying runs in one transaction that locks the opportunity row, so concurrent applications
// to the same opportunity are decided one at a time and its capacity holds (PRODUCT-RULES §2). The unique
// (user, opportunity) index is the last line of defence against a double click.
import { and, eq, ne } from "drizzle-orm";
import type { Application } from "../../../shared/contract/applications";
import type { Database } from "../../db/client";
import { applications, opportunities } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../http/errors";
import { countAll, toIso } from "../../lib/sql";
import { OPPORTUNITY_NOT_FOUND } from "../opportunities/opportunities.service";

export const ALREADY_APPLIED = "You have already applied to this opportunity";

export function toApplication(row: typeof applications.$inferSelect): Application {
  return {
    id: row.id,
    userId: row.userId,
    opportunityId: row.opportunityId,
    status: row.status,
    appliedAt: toIso(row.appliedAt),
    completedAt: toIso(row.completedAt),
    notes: row.notes,
    coinsAwarded: row.coinsAwarded,
    hoursCompleted: row.hoursCompleted,
    submittedHours: row.submittedHours,
    hourSubmissionDate: toIso(row.hourSubmissionDate),
    adminFeedback: row.adminFeedback,
  };
}

export async function applyToOpportunity(
  db: Database,
  studentId: number,
  opportunityId: number,
): Promise<Application> {
  try {
    return await db.transaction(async (tx) => {
      const [opportunity] = await tx
        .select({ status: opportunities.status, capacity: opportunities.capacity })
        .from(opportunities)
        .where(eq(opportunities.id, opportunityId))
        .for("update");
      if (!opportunity) throw notFound(OPPORTUNITY_NOT_FOUND);
      if (opportunity.status !== "open") {
        throw conflict(`Applications are closed: this opportunity is ${opportunity.status}`);
      }
      const [existing] = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.userId, studentId), eq(applications.opportunityId, opportunityId)));
      if (existing) throw conflict(ALREADY_APPLIED);
      if (opportunity.capacity !== null) {
        const [taken] = await tx
          .select({ count: countAll() })
          .from(applications)
          .where(and(eq(applications.opportunityId, opportunityId), ne(applications.status, "rejected")));
        if ((taken?.count ?? 0) >= opportunity.capacity) {
          throw conflict("This opportunity is full: every place has been taken");
        }
      }
      const [created] = await tx
        .insert(applications)
        .values({ userId: studentId, opportunityId })
        .returning();
      if (!created) throw new Error("insert returned no row");
      return toApplication(created);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_APPLIED);
    throw error;
  }
}

/** The student's own application to an opportunity, for the detail page's side card. */
export async function findOwnApplication(db: Database, studentId: number, opportunityId: number) {
  const [row] = await db
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.userId, studentId), eq(applications.opportunityId, opportunityId)));
  return row ?? null;
}
