// Maintained aggregates (ADR 0042): running totals that the database keeps in the transaction of every change
// that moves them, by statement triggers over the changed rows (migration 0014), so a read costs what it returns
// instead of what is stored. Nothing in the application writes these tables; `npm run check-ledger` proves each
// equals its definition (modules/coins/ledger-check.ts), and `seva_rebuild_aggregates()` recomputes them all.
//
// They are derived, not tracked: a change to one is announced through the source it follows (applications,
// coin_ledger, users, opportunities), so a cached read of an aggregate names those topics (db/change-tracker.ts,
// DERIVED_TABLES).

import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { opportunities } from "./opportunities";
import { users } from "./users";

/**
 * Coins a user was credited per school month and per academic term (the leaderboard's month and semester), with
 * when the last of them arrived (the tie-break "reached the score first"). The all-time score is the balance.
 */
export const coinTotals = pgTable(
  "coin_totals",
  {
    kind: text("kind").$type<"month" | "term">().notNull(),
    /** The school-calendar day the month or term begins. */
    periodStart: date("period_start", { mode: "string" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coins: integer("coins").notNull(),
    reachedAt: timestamp("reached_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.periodStart, table.userId] }),
    check("coin_totals_kind_valid", sql`${table.kind} in ('month', 'term')`),
    // A ranking page is read in score order and sorted only within equal scores.
    index("coin_totals_ranking_idx").on(table.kind, table.periodStart, table.coins.desc()),
    index("coin_totals_user_idx").on(table.userId),
  ],
);

/**
 * How many users hold each balance, the all-time score (ADR 0058). A student's all-time rank is the users above
 * their balance, summed here over a few hundred scores instead of counted over tens of thousands of index
 * entries, plus the ties ahead of them. Users of every role are counted, as in coin_totals; the ranking takes out
 * the few who are not students. Spread over 16 rows per score (`shard` = user id mod 16) so that concurrent
 * decisions of students with the same score do not queue on one row.
 */
export const scoreCounts = pgTable(
  "score_counts",
  {
    coins: integer("coins").notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.coins, table.shard] })],
);

/**
 * How many users have coins in each month and term (coin_totals rows with coins above 0), the count of ranked
 * students every own rank in that timeframe shows: summed over 16 rows instead of counted over the period's
 * ranking index, tens of thousands of entries at scale (ADR 0059). Kept by statement triggers on coin_totals; only a
 * user's first award in a period (or a correction to or from 0) moves it, so concurrent awards seldom meet on a
 * row, and the 16 shards (user id mod 16) spread those that do. Users of every role, as in coin_totals.
 */
export const periodCounts = pgTable(
  "period_counts",
  {
    kind: text("kind").$type<"month" | "term">().notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.periodStart, table.shard] })],
);

/**
 * How many users hold each score in each month and term (coin_totals rows with coins above 0): a student's rank in
 * that timeframe is the users above their score, summed here over the scores above instead of counted over the
 * period's ranking index, whose entries for the current period every award leaves without a visible heap page (a
 * heap fetch each: 3.2–4.9 ms for 3,249 students above, against 0.35 ms vacuumed). Users of every role, as in
 * coin_totals; 16 shards (user id mod 16), as score_counts has for all time.
 */
export const periodScoreCounts = pgTable(
  "period_score_counts",
  {
    kind: text("kind").$type<"month" | "term">().notNull(),
    periodStart: date("period_start", { mode: "string" }).notNull(),
    coins: integer("coins").notNull(),
    shard: smallint("shard").notNull(),
    users: integer("users").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.periodStart, table.coins, table.shard] })],
);

/**
 * How many opportunities there are of each status and visibility: the manager's total, the analytics' count of
 * opportunities (ADR 0061) and the feed's count of open, public ones (ADR 0063) summed over a few rows instead of
 * counted over the opportunities' index, every entry on every miss. Kept by statement triggers on opportunities,
 * which only a creation, a deletion or a change of status or visibility moves; the 16 shards (opportunity id mod
 * 16) are the other aggregates' habit, cheap to sum.
 */
export const opportunityCounts = pgTable(
  "opportunity_counts",
  {
    status: text("status").notNull(),
    visibility: text("visibility").notNull(),
    shard: smallint("shard").notNull(),
    opportunities: integer("opportunities").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.visibility, table.shard] })],
);

/**
 * How many applications there are of each status across the school: the admin lists' totals without an
 * opportunity (the dashboard's queues, the applications page) summed over a few rows instead of over every
 * opportunity's totals, 5,000 rows at ten times the school (ADR 0062). Kept with the other application aggregates
 * in the transaction of every change; 64 shards (applicant id mod 64), since every apply and every decision writes
 * here and ten at a time should rarely meet on one row.
 */
export const applicationCounts = pgTable(
  "application_counts",
  {
    status: text("status").notNull(),
    shard: smallint("shard").notNull(),
    applications: integer("applications").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.status, table.shard] })],
);

/** Coins a user was credited on one opportunity (its own leaderboard). */
export const opportunityCoinTotals = pgTable(
  "opportunity_coin_totals",
  {
    opportunityId: integer("opportunity_id")
      .notNull()
      .references(() => opportunities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    coins: integer("coins").notNull(),
    reachedAt: timestamp("reached_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.opportunityId, table.userId] }),
    index("opportunity_coin_totals_ranking_idx").on(table.opportunityId, table.coins.desc()),
    index("opportunity_coin_totals_user_idx").on(table.userId),
  ],
);

/** Per user: completed applications (the leaderboard's tie-break) and when coins last arrived. */
export const studentTotals = pgTable("student_totals", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  completed: integer("completed").notNull().default(0),
  lastAwardAt: timestamp("last_award_at", { withTimezone: true }),
});

/** Per opportunity: its applications by status and its approved hours (the manager's cards, progress, feed). */
export const opportunityTotals = pgTable("opportunity_totals", {
  opportunityId: integer("opportunity_id")
    .primaryKey()
    .references(() => opportunities.id, { onDelete: "cascade" }),
  applications: integer("applications").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  accepted: integer("accepted").notNull().default(0),
  hoursSubmitted: integer("hours_submitted").notNull().default(0),
  completed: integer("completed").notNull().default(0),
  rejected: integer("rejected").notNull().default(0),
  withdrawn: integer("withdrawn").notNull().default(0),
  completedHours: numeric("completed_hours", { mode: "number" }).notNull().default(0),
});

/**
 * The community totals, spread over 16 rows (`shard` = user or opportunity id mod 16) so that concurrent
 * decisions of different students do not queue on one row; a read sums the 16.
 */
export const communityTotals = pgTable("community_totals", {
  shard: smallint("shard").primaryKey(),
  /** Coins held by students: the sum of their balances. */
  totalCoins: integer("total_coins").notNull().default(0),
  publicOpportunities: integer("public_opportunities").notNull().default(0),
  /** Users with at least one application. */
  activeStudents: integer("active_students").notNull().default(0),
  /** Applications approved or completed. */
  projectsCompleted: integer("projects_completed").notNull().default(0),
});

/**
 * Applications per school day of applying and opportunity type, and how many of them are now approved or
 * completed (analytics). The changes write shards 1–15 (`shard` = seva_daily_shard(): 1 + student id mod 15,
 * migration 0033), so that applies at the same moment do not wait on one row; only the scheduler's fold (and the
 * rebuild) writes shard 0, into which it folds every finished day's shards (daily-compaction.ts). The live shards are few (today's, and
 * late changes to earlier days until the next fold), and an index of their own finds them.
 */
export const applicationDaily = pgTable(
  "application_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    type: text("type").notNull(),
    shard: smallint("shard").notNull(),
    applications: integer("applications").notNull().default(0),
    completed: integer("completed").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.type, table.shard] }),
    index("application_daily_live_idx").on(table.day).where(sql`${table.shard} <> 0`),
  ],
);

/**
 * The folded daily counts (shard 0 of application_daily) summed per school month and type, kept by the fold in its
 * statement (daily-compaction.ts, ADR 0078): a range of analytics reads its whole months here, a dozen rows a year
 * per type instead of one per day.
 */
export const applicationMonths = pgTable(
  "application_months",
  {
    /** The first day of the school month. */
    month: date("month", { mode: "string" }).notNull(),
    type: text("type").notNull(),
    applications: integer("applications").notNull().default(0),
    completed: integer("completed").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.month, table.type] })],
);

/**
 * The folded daily counts summed per school day over the types, kept by the fold with the months: the chart of
 * applications over time reads one row a day.
 */
export const applicationDays = pgTable("application_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  applications: integer("applications").notNull().default(0),
});

/** The one row naming the months academic terms start in (TERM_START_MONTHS), which term totals are cut by. */
export const schoolCalendar = pgTable(
  "school_calendar",
  {
    id: smallint("id").primaryKey().default(1),
    termStartMonths: integer("term_start_months").array().notNull(),
  },
  (table) => [check("school_calendar_one_row", sql`${table.id} = 1`)],
);
