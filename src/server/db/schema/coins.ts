import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { applications } from "./applications";
import { hourSubmissions } from "./hours";
import { opportunities } from "./opportunities";
import { users } from "./users";

/**
 * Append-only coin ledger. `users.coins` is the running sum of a user's rows, updated in the same transaction.
 * Links to the source are kept loose (set null) so deleting an opportunity keeps the coins earned on it; the
 * title is copied for that reason.
 */
export const coinLedger = pgTable(
  "coin_ledger",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "set null" }),
    hourSubmissionId: integer("hour_submission_id").references(() => hourSubmissions.id, {
      onDelete: "set null",
    }),
    opportunityId: integer("opportunity_id").references(() => opportunities.id, { onDelete: "set null" }),
    opportunityTitle: text("opportunity_title"),
    awardedBy: integer("awarded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("coin_ledger_user_created_idx").on(table.userId, table.createdAt),
    index("coin_ledger_created_idx").on(table.createdAt),
    index("coin_ledger_opportunity_user_idx").on(table.opportunityId, table.userId),
    index("coin_ledger_application_idx").on(table.applicationId),
  ],
);
