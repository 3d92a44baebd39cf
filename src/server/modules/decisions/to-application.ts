// An applications row as the API shows it: what every decision answers, and every list of applications.
import type { applications } from "@server/db/schema";
import { toIso } from "@server/lib/sql";
import type { Application } from "@shared/contract/applications";

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
