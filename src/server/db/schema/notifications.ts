// Notifications (docs/product-rules.md §8): the in-app list of each person, the outbox of e-mail written in the
// same transaction as the change that caused it, each person's e-mail preferences, and the record of scheduled
// jobs that must run once across server processes (reminders, the admin digest).
import {
  ADMIN_DIGEST_MODES,
  type AdminDigestMode,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationKind,
} from "@shared/domain/notifications";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { users } from "./users";

export const MAIL_STATUSES = ["pending", "sent", "failed", "not_sent"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The person told, or null for a notice to every administrator: written once, whoever is an admin when they
     * read it sees it, each admin's reading kept in `adminNoticeReads` and `adminNoticeMarks` (ADR 0080).
     */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    category: text("category").$type<NotificationCategory>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The path of the screen it concerns. */
    link: text("link").notNull(),
    /** What the e-mail's template needs beyond the text (figures, names). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** One per event and recipient (or the admins): a second write of the same event is ignored. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its person read it; an admins' notice is read by each admin apart, so it stays null. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    check("notifications_category_valid", oneOf(table.category, NOTIFICATION_CATEGORIES)),
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    index("notifications_admins_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.userId} is null`),
    index("notifications_admins_id_idx").on(table.id).where(sql`${table.userId} is null`),
  ],
);

/**
 * How far each admin has read the admins' notices: every one up to `readThrough` (an id) is read, as of
 * `readThroughAt`. "Mark all as read" moves it; an admin appointed later starts at the newest notice, so a new
 * admin's bell starts at zero as it did when each admin had rows of their own (ADR 0080).
 */
export const adminNoticeMarks = pgTable("admin_notice_marks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  readThrough: integer("read_through").notNull().default(0),
  readThroughAt: timestamp("read_through_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An admins' notice one admin read on its own, past their mark (ADR 0080). */
export const adminNoticeReads = pgTable(
  "admin_notice_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.notificationId] })],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    notificationId: integer("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    kind: text("kind").$type<NotificationKind | "digest">().notNull(),
    category: text("category").$type<NotificationCategory>().notNull(),
    subject: text("subject").notNull(),
    /** The notification's text and link and the template's figures, rendered at delivery. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** The message's idempotency key (its Message-ID): several processes or retries never send it twice. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    /** pending → sent, or failed after a day of retries; not_sent when no SMTP server is configured. */
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row holds it until then; a crashed worker's claim simply expires. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("mail_outbox_status_valid", oneOf(table.status, MAIL_STATUSES)),
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index("mail_outbox_created_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").$type<NotificationCategory>().notNull(),
    email: boolean("email").notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category] }),
    check("notification_preferences_category_valid", oneOf(table.category, NOTIFICATION_CATEGORIES)),
  ],
);

/** How each admin hears of new work by e-mail (docs/product-rules.md §8: default the daily digest). */
export const adminDigestSettings = pgTable(
  "admin_digest_settings",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    mode: text("mode").$type<AdminDigestMode>().notNull().default("daily"),
  },
  (table) => [check("admin_digest_settings_mode_valid", oneOf(table.mode, ADMIN_DIGEST_MODES))],
);

/** A scheduled job's run, claimed by inserting its key: the first process to insert it runs it, once. */
export const scheduledRuns = pgTable(
  "scheduled_runs",
  {
    job: text("job").notNull(),
    runKey: text("run_key").notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.job, table.runKey] })],
);
