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
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    category: text("category").$type<NotificationCategory>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The path of the screen it concerns. */
    link: text("link").notNull(),
    /** What the e-mail's template needs beyond the text (figures, names). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** One per event and recipient: a second write of the same event is ignored. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    check("notifications_category_valid", oneOf(table.category, NOTIFICATION_CATEGORIES)),
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
  ],
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
