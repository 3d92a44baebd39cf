import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  WAITLIST_STATUSES,
  type WaitlistStatus,
} from "@shared/domain/enums";
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
import { oneOf } from "./check";
import { opportunities } from "./opportunities";
import { users } from "./users";

export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    opportunityId: integer("opportunity_id")
      .notNull()
      .references(() => opportunities.id, { onDelete: "cascade" }),
    status: text("status").$type<ApplicationStatus>().notNull().default("pending"),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    notes: text("notes"),
    // Derived from hour_submissions and the ledger, kept here for the spec's responses
    // (docs/product-spec.md §7, docs/product-rules.md §3).
    coinsAwarded: integer("coins_awarded").notNull().default(0),
    hoursCompleted: doublePrecision("hours_completed").notNull().default(0),
    submittedHours: doublePrecision("submitted_hours").notNull().default(0),
    hourSubmissionDate: timestamp("hour_submission_date", { withTimezone: true }),
    adminFeedback: text("admin_feedback"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One active application per student and opportunity: a withdrawn one leaves room to apply again
    // (docs/product-rules.md §12).
    uniqueIndex("applications_user_opportunity_active_unique")
      .on(table.userId, table.opportunityId)
      .where(sql`${table.status} <> 'withdrawn'`),
    check("applications_status_valid", oneOf(table.status, APPLICATION_STATUSES)),
    check("applications_coins_non_negative", sql`${table.coinsAwarded} >= 0`),
    check(
      "applications_hours_non_negative",
      sql`${table.hoursCompleted} >= 0 and ${table.submittedHours} >= 0`,
    ),
    index("applications_opportunity_status_idx").on(table.opportunityId, table.status),
    // Every application of one student, withdrawn ones too (the community's active students, ADR 0042).
    index("applications_user_idx").on(table.userId),
    // The lists' orders exactly (`order by … desc, id desc`): PostgreSQL sorts `desc` with nulls first and only
    // reads an index in place of sorting when the index has the same nulls order and the id tie-break.
    index("applications_status_applied_at_idx").on(
      table.status,
      table.appliedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("applications_applied_at_idx").on(table.appliedAt),
    // The admin dashboard's "recently completed" (sort=recent): newest decisions first without sorting them all.
    index("applications_updated_at_idx").on(
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The waiting list of a full opportunity (docs/product-rules.md §12): people in line by `joined_at`; when a place
 * frees the first waiting one is offered it for 48 hours (`offer_expires_at`), and taking it makes a pending
 * application. One live entry (waiting or offered) per student and opportunity.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer("opportunity_id")
      .notNull()
      .references(() => opportunities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<WaitlistStatus>().notNull().default("waiting"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** When it was taken, expired or left. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    check("waitlist_entries_status_valid", oneOf(table.status, WAITLIST_STATUSES)),
    check(
      "waitlist_entries_offer_has_expiry",
      sql`${table.status} <> 'offered' or ${table.offerExpiresAt} is not null`,
    ),
    uniqueIndex("waitlist_entries_live_unique")
      .on(table.opportunityId, table.userId)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index("waitlist_entries_line_idx").on(table.opportunityId, table.status, table.joinedAt, table.id),
    index("waitlist_entries_offer_expiry_idx")
      .on(table.offerExpiresAt)
      .where(sql`${table.status} = 'offered'`),
    index("waitlist_entries_user_idx").on(table.userId),
  ],
);
