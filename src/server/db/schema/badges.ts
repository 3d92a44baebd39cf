import { BADGE_TYPES, type BadgeType } from "@shared/domain/enums";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { users } from "./users";

export const badges = pgTable(
  "badges",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull().unique(),
    description: text("description").notNull(),
    icon: text("icon").notNull(),
    coinsRequired: integer("coins_required").notNull(),
    type: text("type").$type<BadgeType>().notNull().default("default"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("badges_type_valid", oneOf(table.type, BADGE_TYPES)),
    check("badges_coins_required_non_negative", sql`${table.coinsRequired} >= 0`),
    index("badges_coins_required_idx").on(table.coinsRequired),
  ],
);

export const userBadges = pgTable(
  "user_badges",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeId: integer("badge_id")
      .notNull()
      .references(() => badges.id, { onDelete: "cascade" }),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("user_badges_user_badge_unique").on(table.userId, table.badgeId),
    index("user_badges_badge_idx").on(table.badgeId),
  ],
);
