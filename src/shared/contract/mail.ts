// E-mail of notifications (docs/product-rules.md §8, ADR 0031): each person's choice of e-mail per category, the
// one-click unsubscribe a message's List-Unsubscribe header points to (RFC 8058: public, the token is the proof),
// and the admins' log of what was sent, is waiting, failed, or was not sent for want of a mail server.
import { z } from "zod";
import {
  ADMIN_DIGEST_MODES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "../domain/notifications";
import { DateTimeSchema, IdParamsSchema, limitSchema, offsetSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { MAIL_LOG_MAX_LIMIT } from "./query-bounds";
import { apiRoutes } from "./routes";

export { MAIL_LOG_MAX_LIMIT };

export const MAIL_LOG_STATUSES = ["pending", "sent", "failed", "not_sent"] as const;
export type MailLogStatus = (typeof MAIL_LOG_STATUSES)[number];

const KINDS = ["digest", ...(Object.keys(NOTIFICATION_KINDS) as NotificationKind[])] as [
  NotificationKind | "digest",
  ...(NotificationKind | "digest")[],
];

export const MailPreferencesSchema = z.object({
  /** The categories that concern this person, each with its e-mail switch (security mail is not listed). */
  categories: z.array(
    z.object({ category: z.enum(NOTIFICATION_CATEGORIES), label: z.string(), email: z.boolean() }),
  ),
  /** Admins only: new work by e-mail as it happens or in the daily digest; null for a student. */
  digest: z.enum(ADMIN_DIGEST_MODES).nullable(),
});
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

export const MailPreferencesUpdateSchema = z
  .object({
    email: z
      .object({
        applications: z.boolean().optional(),
        hours: z.boolean().optional(),
        opportunities: z.boolean().optional(),
        reminders: z.boolean().optional(),
        review_queue: z.boolean().optional(),
        targets: z.boolean().optional(),
      })
      .strict()
      .optional(),
    digest: z.enum(ADMIN_DIGEST_MODES).optional(),
  })
  .strict();
export type MailPreferencesUpdate = z.infer<typeof MailPreferencesUpdateSchema>;

export const MailLogEntrySchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.enum(KINDS),
  category: z.enum(NOTIFICATION_CATEGORIES),
  status: z.enum(MAIL_LOG_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: DateTimeSchema,
  sentAt: DateTimeSchema.nullable(),
  nextAttemptAt: DateTimeSchema,
});
export type MailLogEntry = z.infer<typeof MailLogEntrySchema>;

export const mailContract = {
  preferences: defineEndpoint({
    ...apiRoutes.mail.preferences,
    summary: "The signed-in person's e-mail choices: on or off per category, and an admin's digest mode",
    response: MailPreferencesSchema,
  }),
  updatePreferences: defineEndpoint({
    ...apiRoutes.mail.updatePreferences,
    summary:
      "Change the signed-in person's e-mail choices (only their own categories; security mail always goes)",
    body: MailPreferencesUpdateSchema,
    response: MailPreferencesSchema,
  }),
  unsubscribe: defineEndpoint({
    ...apiRoutes.mail.unsubscribe,
    summary:
      "One-click unsubscribe (RFC 8058) from the token of a message's List-Unsubscribe header: turns that category's e-mail off; no session",
    query: z.object({ token: z.string().min(1).max(300) }),
    response: z.object({ category: z.enum(NOTIFICATION_CATEGORIES), label: z.string() }),
  }),
  log: defineEndpoint({
    ...apiRoutes.mail.log,
    summary: "The mail outbox, newest first, optionally of one status; X-Total-Count gives the total",
    query: z.object({
      status: z.enum(MAIL_LOG_STATUSES).optional(),
      limit: limitSchema(MAIL_LOG_MAX_LIMIT, 50),
      offset: offsetSchema,
    }),
    response: z.object({
      /** False when no SMTP server is configured: the log shows what would have been sent. */
      mailConfigured: z.boolean(),
      /** The whole list's size (also in X-Total-Count). */
      total: z.number(),
      messages: z.array(MailLogEntrySchema),
    }),
  }),
  message: defineEndpoint({
    ...apiRoutes.mail.message,
    summary: "One message of the mail outbox as it is (or would be) sent: its text and HTML parts",
    params: IdParamsSchema,
    response: MailLogEntrySchema.extend({ text: z.string(), html: z.string() }),
  }),
} as const satisfies Record<keyof typeof apiRoutes.mail, Endpoint>;
