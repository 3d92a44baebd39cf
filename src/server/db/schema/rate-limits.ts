import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters for the sign-in and registration limits, kept in the database so that every app server
 * behind it counts the same attempts (docs/decisions/0006-rate-limits-and-cross-site.md). The key is a SHA-256
 * of the limit's scope and the counted value, so no e-mail address or IP address is stored here.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_windows_reset_at_idx").on(table.resetAt)],
);
