import {
  HOUR_SUBMISSION_STATUSES,
  type HourSubmissionStatus,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from "@shared/domain/enums";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
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
    /** Approved by Seva on the supervisor's confirmation, under the opportunity's automatic rule (ADR 0038). */
    autoApproved: boolean("auto_approved").notNull().default(false),
    // What was served (docs/product-rules.md §10). Null only on rows older than migration 0012's backfill.
    servedFrom: date("served_from", { mode: "string" }),
    servedTo: date("served_to", { mode: "string" }),
    description: text("description"),
    reflection: text("reflection"),
    // The supervisor's verification, when the opportunity asks one: who was asked (a copy, as it was then), when
    // the link was last sent and the reminder went, and the answer.
    verificationStatus: text("verification_status")
      .$type<VerificationStatus>()
      .notNull()
      .default("not_required"),
    supervisorName: text("supervisor_name"),
    supervisorEmail: text("supervisor_email"),
    verificationSentAt: timestamp("verification_sent_at", { withTimezone: true }),
    verificationRemindedAt: timestamp("verification_reminded_at", { withTimezone: true }),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    disputeReason: text("dispute_reason"),
  },
  (table) => [
    check("hour_submissions_status_valid", oneOf(table.status, HOUR_SUBMISSION_STATUSES)),
    // Hours are positive, in steps of 0.5 (students enter whole hours; admins may enter halves).
    check(
      "hour_submissions_hours_valid",
      sql`${table.hours} > 0 and ${table.hours} * 2 = floor(${table.hours} * 2)`,
    ),
    check("hour_submissions_coins_non_negative", sql`${table.coinsAwarded} >= 0`),
    check("hour_submissions_verification_valid", oneOf(table.verificationStatus, VERIFICATION_STATUSES)),
    check(
      "hour_submissions_served_ordered",
      sql`${table.servedTo} is null or ${table.servedFrom} <= ${table.servedTo}`,
    ),
    check(
      "hour_submissions_supervisor_known",
      sql`${table.verificationStatus} = 'not_required' or ${table.supervisorEmail} is not null`,
    ),
    // The scheduler's reminder sweep: submissions still waiting for their supervisor.
    index("hour_submissions_verification_pending_idx")
      .on(table.verificationSentAt)
      .where(sql`${table.verificationStatus} = 'pending'`),
    // At most one submission under review per application.
    uniqueIndex("hour_submissions_one_pending_idx")
      .on(table.applicationId)
      .where(sql`${table.status} = 'pending'`),
    index("hour_submissions_application_idx").on(table.applicationId, table.submittedAt),
    // The scheduler's resubmit reminders: hours sent back in the week after theirs fell due (ADR 0073).
    index("hour_submissions_rejected_idx").on(table.reviewedAt).where(sql`${table.status} = 'rejected'`),
  ],
);
