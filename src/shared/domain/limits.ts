// Business constants and limits (spec §9, PRODUCT-RULES). One place, imported by server validation and client
// forms alike.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const SHORT_DESCRIPTION_MAX = 160;
export const TITLE_MAX = 200;
export const FULL_DESCRIPTION_MAX = 10_000;

/** Delays the spec fixes for redirects after a toast. */
export const LOGGED_OUT_REDIRECT_MS = 500;
export const ACCESS_DENIED_REDIRECT_MS = 1000;
export const TOAST_DURATION_MS = 5000;
