import {
  DURATIONS,
  type Duration,
  OPPORTUNITY_STATUSES,
  OPPORTUNITY_TYPES,
  type OpportunityStatus,
  type OpportunityType,
  VERIFICATION_MODES,
  type VerificationMode,
  VISIBILITIES,
  type Visibility,
} from "@shared/domain/enums";
import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { oneOf } from "./check";
import { users } from "./users";

/** PostgreSQL's full-text document type; only the database reads it (search ranks with it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The searched fields, each with its weight: title (A), skills and short description (B), full description (C). */
const SEARCHED_FIELDS = [
  ['"title"', "A"],
  ['seva_words("skills")', "B"],
  ['"short_description"', "B"],
  ['"full_description"', "C"],
] as const;

/**
 * The searchable text of an opportunity, weighted by field. Kept by the database itself (a stored generated
 * column, GIN-indexed), so it is never stale. Each field is in it twice: stemmed ('english': 'teaching' is
 * 'teach', so every form of a word finds the others) and as written ('simple'), so that a half-typed last word is
 * a prefix of a word written ('educati' of 'education', whose stem 'educ' it is not: ADR 0079). `seva_words`
 * (migration 0011) is array_to_string declared immutable, which a generated column needs.
 */
const SEARCH_DOCUMENT = sql.raw(
  (["english", "simple"] as const)
    .flatMap((config) =>
      SEARCHED_FIELDS.map(
        ([field, weight]) => `setweight(to_tsvector('${config}'::regconfig, ${field}), '${weight}')`,
      ),
    )
    .join("\n  || "),
);

export const opportunities = pgTable(
  "opportunities",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    shortDescription: text("short_description").notNull(),
    fullDescription: text("full_description").notNull(),
    imageUrl: text("image_url"),
    type: text("type").$type<OpportunityType>().notNull().default("teaching"),
    duration: text("duration").$type<Duration>().notNull().default("1week"),
    customDuration: text("custom_duration"),
    schedule: text("schedule"),
    // When it takes place, if it is one event or a bounded period (docs/product-rules.md §12): beside the free-text
    // schedule, for 'Add to calendar', the start-date filter and 'starting soonest'.
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    location: text("location"),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    capacity: integer("capacity"),
    totalRequiredHours: integer("total_required_hours"),
    status: text("status").$type<OpportunityStatus>().notNull().default("open"),
    coinsPerHour: integer("coins_per_hour").notNull().default(10),
    maxCoins: integer("max_coins").notNull().default(100),
    visibility: text("visibility").$type<Visibility>().notNull().default("public"),
    contactEmail: text("contact_email"),
    contactPhone: text("contact_phone"),
    // The secret of the share link that opens a private opportunity (docs/product-rules.md §7): 122 random
    // bits, made by the database so that every row, old or new, has its own.
    shareToken: text("share_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    // Null once the creating admin's account is deleted: the opportunity stays, shown as 'Former admin'.
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector("search_vector").generatedAlwaysAs(SEARCH_DOCUMENT),
    // Supervisor verification of hours (docs/product-rules.md §10, ADR 0038): with `supervisor`, every submission
    // e-mails the on-site supervisor a link to confirm or dispute it; the students may name their own supervisor.
    verification: text("verification").$type<VerificationMode>().notNull().default("none"),
    supervisorName: text("supervisor_name"),
    supervisorEmail: text("supervisor_email"),
    studentNamesSupervisor: boolean("student_names_supervisor").notNull().default(false),
    /** Supervisor-confirmed submissions of at most this many hours are approved without an admin; null: never. */
    autoApproveMaxHours: integer("auto_approve_max_hours"),
  },
  (table) => [
    check("opportunities_type_valid", oneOf(table.type, OPPORTUNITY_TYPES)),
    check("opportunities_duration_valid", oneOf(table.duration, DURATIONS)),
    check("opportunities_status_valid", oneOf(table.status, OPPORTUNITY_STATUSES)),
    check("opportunities_visibility_valid", oneOf(table.visibility, VISIBILITIES)),
    check("opportunities_capacity_positive", sql`${table.capacity} is null or ${table.capacity} >= 1`),
    check(
      "opportunities_total_hours_positive",
      sql`${table.totalRequiredHours} is null or ${table.totalRequiredHours} >= 1`,
    ),
    check("opportunities_coins_per_hour_range", sql`${table.coinsPerHour} between 1 and 1000`),
    check("opportunities_max_coins_range", sql`${table.maxCoins} between 1 and 100000`),
    check("opportunities_title_length", sql`char_length(${table.title}) between 1 and 200`),
    check(
      "opportunities_short_description_length",
      sql`char_length(${table.shortDescription}) between 1 and 160`,
    ),
    // In the lists' orders, nulls first as `desc` sorts them and with the id tie-break (see applications).
    index("opportunities_listing_idx").on(
      table.status,
      table.visibility,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The best paid first: high reward, and 'recommended' for a student without interests (migration 0031). The
    // type and skills ride after the unique id, changing no order, so a ranking by interests reads the index alone.
    index("opportunities_best_paid_idx").on(
      table.status,
      table.visibility,
      table.coinsPerHour.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.type,
      table.skills,
    ),
    // Every interest an opportunity answers, its skills and its type in one array: 'recommended' finds the ones
    // sharing three (or two) of a student's interests by containment instead of ranking every open opportunity
    // (ADR 0077).
    index("opportunities_interest_terms_idx").using("gin", sql`(${table.skills} || ${table.type})`),
    index("opportunities_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.asc()),
    index("opportunities_created_by_idx").on(table.createdBy),
    index("opportunities_search_idx").using("gin", table.searchVector),
    index("opportunities_starts_at_idx").on(table.startsAt),
    check("opportunities_verification_valid", oneOf(table.verification, VERIFICATION_MODES)),
    check(
      "opportunities_supervisor_known",
      sql`${table.verification} = 'none' or ${table.studentNamesSupervisor} or ${table.supervisorEmail} is not null`,
    ),
    check(
      "opportunities_auto_approve_range",
      sql`${table.autoApproveMaxHours} is null or (${table.verification} = 'supervisor' and ${table.autoApproveMaxHours} between 1 and 200)`,
    ),
    check(
      "opportunities_dates_ordered",
      sql`${table.endsAt} is null or (${table.startsAt} is not null and ${table.endsAt} >= ${table.startsAt})`,
    ),
  ],
);
