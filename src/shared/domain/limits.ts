// Business constants and limits (docs/product-spec.md §9, docs/product-rules.md). One place, imported by
// server validation and client forms alike.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SHORT_DESCRIPTION_MAX = 160;
export const TITLE_MAX = 200;
export const FULL_DESCRIPTION_MAX = 10_000;

/** Delays the spec fixes for redirects after a toast (docs/product-spec.md §9). */
export const LOGGED_OUT_REDIRECT_MS = 500;
export const ACCESS_DENIED_REDIRECT_MS = 1000;
export const TOAST_DURATION_MS = 5000;

/** Students submit whole hours in this range (docs/product-rules.md §3). */
export const MIN_STUDENT_HOURS = 1;
export const MAX_STUDENT_HOURS = 200;
/** Upper bound of any single coin amount an admin may enter (the opportunity's cap bounds it further). */
export const MAX_COINS_PER_DECISION = 100_000;
/** Coins per hour when an opportunity has none (docs/product-spec.md §9). */
export const DEFAULT_COINS_PER_HOUR = 10;

/** What a student writes about the hours they served (docs/product-rules.md §10). */
export const HOURS_DESCRIPTION_MIN = 10;
export const HOURS_DESCRIPTION_MAX = 2000;
export const HOURS_REFLECTION_MAX = 2000;
/** A supervisor's verification link lasts this long; one reminder goes after REMINDER days; a resend once a day. */
export const VERIFICATION_LINK_DAYS = 14;
export const VERIFICATION_REMINDER_DAYS = 3;
export const VERIFICATION_RESEND_HOURS = 24;
/** The most hours a supervisor-verified submission may carry and still be approved without an admin. */
export const AUTO_APPROVE_MAX_HOURS = 200;
