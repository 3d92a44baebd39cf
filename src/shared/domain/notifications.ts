// What the product tells people, and under which category each person chooses how (docs/product-rules.md §8).
// A kind is one event a person must know about or act on; a category groups kinds for the preferences and for
// the one-click unsubscribe of e-mail. Security mail (password reset, account linking) is always sent.

export const NOTIFICATION_CATEGORIES = [
  "applications",
  "hours",
  "opportunities",
  "reminders",
  "review_queue",
  "targets",
  "security",
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** The categories a person may switch e-mail off for (security mail always goes). */
export const OPTIONAL_CATEGORIES = NOTIFICATION_CATEGORIES.filter(
  (category): category is Exclude<NotificationCategory, "security"> => category !== "security",
);

export const CATEGORY_LABELS: Record<NotificationCategory, string> = {
  applications: "My applications",
  hours: "My hours and coins",
  opportunities: "Changes to opportunities I applied to",
  reminders: "Reminders",
  review_queue: "New applications and hours to review",
  targets: "Opportunities reaching their hours target",
  security: "Account security",
};

/** Which categories concern whom: students hear about their own work, admins about what waits for them. */
export const STUDENT_CATEGORIES = ["applications", "hours", "opportunities", "reminders"] as const;
export const ADMIN_CATEGORIES = ["review_queue", "targets"] as const;

export const NOTIFICATION_KINDS = {
  application_received: "applications",
  application_accepted: "applications",
  application_rejected: "applications",
  application_completed: "applications",
  waitlist_offer: "applications",
  waitlist_offer_expired: "applications",
  hours_approved: "hours",
  hours_rejected: "hours",
  hours_verified: "hours",
  hours_disputed: "hours",
  supervisor_request: "hours",
  supervisor_reminder: "hours",
  opportunity_changed: "opportunities",
  opportunity_closed: "opportunities",
  opportunity_deleted: "opportunities",
  reminder_log_hours: "reminders",
  reminder_resubmit_hours: "reminders",
  reminder_waitlist_offer: "reminders",
  new_application: "review_queue",
  new_hours: "review_queue",
  target_reached: "targets",
  password_reset: "security",
  password_changed: "security",
  registration_password: "security",
  registration_attempt: "security",
  sso_linked: "security",
} as const satisfies Record<string, NotificationCategory>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/**
 * Account mail that is only e-mailed, never listed in the app: it goes to someone who is not signed in (and may
 * not be the person who asked), so it carries no text anyone typed (docs/product-rules.md §9).
 */
export const ACCOUNT_MAIL_KINDS = [
  "password_reset",
  "registration_password",
  "registration_attempt",
  // An existing account was linked to the institution's sign-in (docs/product-rules.md §13).
  "sso_linked",
] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

/**
 * Mail to an on-site supervisor, who has no account (docs/product-rules.md §10, ADR 0038): only e-mailed, to the
 * address the opportunity or the student gave, with the verification link as the row's secret.
 */
export const SUPERVISOR_MAIL_KINDS = ["supervisor_request", "supervisor_reminder"] as const;
export type SupervisorMailKind = (typeof SUPERVISOR_MAIL_KINDS)[number];

export function categoryOf(kind: NotificationKind): NotificationCategory {
  return NOTIFICATION_KINDS[kind];
}

/** How an admin hears of new work to review by e-mail: as it happens, or in one digest a day. */
export const ADMIN_DIGEST_MODES = ["immediate", "daily"] as const;
export type AdminDigestMode = (typeof ADMIN_DIGEST_MODES)[number];
