// Bounds and vocabularies of the contract's list queries, kept free of zod so the client can import them too.

export const OPPORTUNITY_LIST_MAX_LIMIT = 100;
export const ADMIN_OPPORTUNITY_LIST_MAX_LIMIT = 200;
export const ADMIN_APPLICATION_LIST_MAX_LIMIT = 500;
export const OPPORTUNITY_PROGRESS_MAX_LIMIT = 500;
export const LEADERBOARD_MAX_LIMIT = 100;
export const NOTIFICATION_LIST_MAX_LIMIT = 50;
export const MAIL_LOG_MAX_LIMIT = 100;
export const LEADERBOARD_ACTIVITIES_MAX_LIMIT = 50;

/** The analytics ranges, in days (docs/product-rules.md §5). */
export const DATE_RANGES = [7, 30, 90, 365] as const;
