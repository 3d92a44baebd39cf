import {
  OPPORTUNITY_TYPES,
  type OpportunityType,
  PROGRAMS,
  type Program,
  ROLES,
  type Role,
  SKILLS,
  type Skill,
} from "@shared/domain/enums";
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

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    profileImageUrl: text("profile_image_url"),
    role: text("role").$type<Role>().notNull().default("student"),
    program: text("program").$type<Program>(),
    coins: integer("coins").notNull().default(0),
    anonymizeLeaderboard: boolean("anonymize_leaderboard").notNull().default(false),
    // A password someone else set (registration's generated one, create-admin's): the owner is asked to
    // replace it after signing in, may skip that once, and changing the password clears it (ADR 0025).
    passwordIsTemporary: boolean("password_is_temporary").notNull().default(false),
    temporaryPasswordSkippedAt: timestamp("temporary_password_skipped_at", { withTimezone: true }),
    // Set for accounts made by registration or create-admin, cleared by their first sign-in, whose session
    // remembers it (sessions.sess.firstSignIn): that session greets 'Welcome', later ones 'Welcome back'.
    awaitingFirstSignIn: boolean("awaiting_first_sign_in").notNull().default(false),
    // Made by `npm run create-admin` (docs/product-rules.md §13): the break-glass account that still signs in with
    // its password when PASSWORD_LOGIN=false leaves everyone else to the institution's sign-in.
    breakGlass: boolean("break_glass").notNull().default(false),
    // The balance last celebrated (issue 17): the coins, level and badges (each unlocked by a balance) earned
    // above it are shown once, on any device; `POST /api/notifications/celebration/seen` moves it (migration 0009).
    celebratedCoins: integer("celebrated_coins").notNull().default(0),
    // What a student would like to do (docs/product-rules.md §12): 'Recommended' ranks by the match. Asked once
    // after the first sign-in; `interests_asked_at` records that it was (chosen or skipped).
    interestSkills: text("interest_skills").array().$type<Skill[]>().notNull().default(sql`'{}'::text[]`),
    interestTypes: text("interest_types")
      .array()
      .$type<OpportunityType[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    interestsAskedAt: timestamp("interests_asked_at", { withTimezone: true }),
    // The secret of the student's private iCal feed of accepted opportunities; replaced to revoke old links.
    calendarToken: text("calendar_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("users_email_lower", sql`${table.email} = lower(${table.email})`),
    check("users_role_valid", oneOf(table.role, ROLES)),
    check("users_program_valid", sql`${table.program} is null or ${oneOf(table.program, PROGRAMS)}`),
    check("users_coins_non_negative", sql`${table.coins} >= 0`),
    check(
      "users_interest_skills_valid",
      sql`${table.interestSkills} <@ array[${sql.raw(SKILLS.map((skill) => `'${skill}'`).join(", "))}]::text[]`,
    ),
    check(
      "users_interest_types_valid",
      sql`${table.interestTypes} <@ array[${sql.raw(OPPORTUNITY_TYPES.map((type) => `'${type}'`).join(", "))}]::text[]`,
    ),
    index("users_role_coins_idx").on(table.role, table.coins),
  ],
);

/**
 * Server-side sessions (docs/product-spec.md §3 "Session store": sid, sess, expire), plus the owner for "log
 * out everywhere".
 */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").$type<Record<string, unknown>>().notNull().default({}),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    // The sign-in: a session ends SESSION_MAX_AGE after it, however active (sessions/session-store.ts).
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_expire_idx").on(table.expire), index("sessions_user_id_idx").on(table.userId)],
);

/**
 * The one live password-reset link of an account (docs/product-rules.md §9, ADR 0033): a newer request replaces
 * it, using it deletes it, and it lasts 30 minutes. Only the SHA-256 of its secret is kept, so the table read by
 * anyone (a backup, an administrator) opens no account.
 */
export const passwordResets = pgTable("password_resets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The institution's sign-in (OpenID Connect, docs/product-rules.md §13, ADR 0041): which account a provider's
 * subject signs in to. The pair (issuer, subject) is the provider's stable name for a person; the e-mail can
 * change, the subject does not. Deleting the account deletes its links.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index("user_identities_user_id_idx").on(table.userId),
  ],
);

/**
 * A sign-in begun at the provider and not yet come back (ADR 0041): the SHA-256 of its state, with the nonce and
 * the PKCE verifier it must be finished with. Coming back deletes the row, so a state is good once; it lasts ten
 * minutes and the session sweep removes what was abandoned.
 */
export const ssoSignIns = pgTable(
  "sso_sign_ins",
  {
    stateHash: text("state_hash").primaryKey(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sso_sign_ins_expires_at_idx").on(table.expiresAt)],
);
