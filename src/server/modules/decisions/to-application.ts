// An applications row as the API shows it: what every decision answers, and every list of applications, mapped
// in Node (toApplication) or built as JSON by the database (applicationJsonFields).
import { applications } from "@server/db/schema";
import { jsonFieldsOf } from "@server/lib/database-json";
import { toIso } from "@server/lib/sql";
import { type Application, ApplicationSchema } from "@shared/contract/applications";
import { getTableColumns, type SQL } from "drizzle-orm";

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

/** The contract's fields of an application (those toApplication maps). */
const applicationColumns = Object.fromEntries(
  Object.entries(getTableColumns(applications)).filter(([key]) => key in ApplicationSchema.shape),
);

/**
 * The same fields as `'key', value` pairs for json_build_object, read from the applications table or from a
 * subquery `relation` that selects the table's columns under their own names.
 */
export function applicationJsonFields(relation?: string): SQL {
  return jsonFieldsOf(applicationColumns, relation);
}
