import { HOUR_SUBMISSION_STATUSES, type HourSubmissionStatus } from "@shared/domain/enums";
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { oneOf } from "./check";
import { users } from "./users";

/** One row per submission of hours: the student's history and the admin's audit trail (append-only). */
export const hourSubmissions = pgTable(
  "hour_submissions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    hours: doublePrecision("hours").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").$type<HourSubmissionStatus>().notNull().default("pending"),
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    coinsAwarded: integer("coins_awarded").notNull().default(0),
    feedback: text("feedback"),
  },
  (table) => [
    check("hour_submissions_status_valid", oneOf(table.status, HOUR_SUBMISSION_STATUSES)),
    // Hours are positive, in steps of 0.5 (students enter whole hours; admins may enter halves).
    check(
      "hour_submissions_hours_valid",
      sql`${table.hours} > 0 and ${table.hours} * 2 = floor(${table.hours} * 2)`,
    ),
    check("hour_submissions_coins_non_negative", sql`${table.coinsAwarded} >= 0`),
    // At most one submission under review per application.
    uniqueIndex("hour_submissions_one_pending_idx")
      .on(table.applicationId)
      .where(sql`${table.status} = 'pending'`),
    index("hour_submissions_application_idx").on(table.applicationId, table.submittedAt),
  ],
);
