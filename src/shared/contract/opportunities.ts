// Opportunities: discovery for students, management for admins (docs/product-spec.md §7,
// docs/product-rules.md §2).
import { z } from "zod";
import {
  APPLICATION_STATUSES,
  DURATIONS,
  OPPORTUNITY_STATUSES,
  OPPORTUNITY_TYPES,
  SKILLS,
  VERIFICATION_MODES,
  VISIBILITIES,
} from "../domain/enums";
import {
  AUTO_APPROVE_MAX_HOURS,
  FULL_DESCRIPTION_MAX,
  NAME_MAX_LENGTH,
  SHORT_DESCRIPTION_MAX,
  TITLE_MAX,
} from "../domain/limits";
import { isBundledPhotoPath } from "../domain/photos";
import { verificationRefusal } from "../domain/verification";
import { indianFigure } from "../domain/written-out";
import {
  calendarDateSchema,
  DateTimeSchema,
  IdParamsSchema,
  limitSchema,
  MessageSchema,
  offsetSchema,
  oneOrMany,
} from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import {
  ADMIN_OPPORTUNITY_LIST_MAX_LIMIT,
  OPPORTUNITY_LIST_MAX_LIMIT,
  OPPORTUNITY_PROGRESS_MAX_LIMIT,
} from "./query-bounds";
import { apiRoutes } from "./routes";

export { ADMIN_OPPORTUNITY_LIST_MAX_LIMIT, OPPORTUNITY_LIST_MAX_LIMIT };

/** Optional text: blank becomes null. */
const optionalText = (max: number, label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .optional()
    .transform((value) => (value == null || value.trim() === "" ? null : value.trim()))
    .pipe(z.string().max(max, `${label}: at most ${max} characters`).nullable());

/** A whole number from a number or a numeric string; blank or null means "not set". */
const optionalWholeNumber = (min: number, max: number, label: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a whole number` })
    .optional()
    .transform((value) =>
      value == null || (typeof value === "string" && value.trim() === "") ? null : Number(value),
    )
    .pipe(
      z
        .number({ error: `${label} must be a whole number` })
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${indianFigure(max)}`)
        .nullable(),
    );

const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label}: at most ${indianFigure(max)} characters`);

const httpUrl = z.url({ protocol: /^https?$/ });

/** An http(s) address, or the path of a photo bundled with the app (shared/domain/photos.ts, ADR 0030). */
const imageAddress = z
  .string()
  .max(2000, "Image URL is too long")
  .refine((value) => isBundledPhotoPath(value) || httpUrl.safeParse(value).success, {
    error: "Image URL must be an http(s) address",
  });

/** An optional moment (ISO 8601 with its offset, as `<input type="datetime-local">` values become); blank is null. */
const optionalDateTime = (label: string) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be a date and time` })
    .optional()
    .transform((value) => (value == null || value.trim() === "" ? null : value.trim()))
    .pipe(
      z.iso
        .datetime({ offset: true, error: `${label} must be a date and time, e.g. 2026-12-05T09:30:00+05:30` })
        .nullable(),
    );

export const OpportunityInputSchema = z.object({
  title: requiredText(TITLE_MAX, "Title"),
  shortDescription: requiredText(SHORT_DESCRIPTION_MAX, "Short description"),
  fullDescription: requiredText(FULL_DESCRIPTION_MAX, "Full description"),
  imageUrl: optionalText(2000, "Image URL").pipe(imageAddress.nullable()),
  type: z
    .enum(OPPORTUNITY_TYPES, { error: `Type must be one of ${OPPORTUNITY_TYPES.join(", ")}` })
    .default("teaching"),
  duration: z.enum(DURATIONS, { error: `Duration must be one of ${DURATIONS.join(", ")}` }).default("1week"),
  customDuration: optionalText(200, "Custom duration"),
  schedule: optionalText(200, "Schedule"),
  /** When it takes place, beside the free-text schedule (docs/product-rules.md §12); the end needs a start. */
  startsAt: optionalDateTime("Start"),
  endsAt: optionalDateTime("End"),
  location: optionalText(200, "Location"),
  skills: z
    .array(z.enum(SKILLS, { error: `Skills must be among ${SKILLS.join(", ")}` }), {
      error: "Skills must be a list",
    })
    .max(SKILLS.length)
    .default([])
    .transform((skills) => [...new Set(skills)]),
  capacity: optionalWholeNumber(1, 100_000, "Capacity"),
  totalRequiredHours: optionalWholeNumber(1, 1_000_000, "Total required hours"),
  status: z
    .enum(OPPORTUNITY_STATUSES, { error: `Status must be one of ${OPPORTUNITY_STATUSES.join(", ")}` })
    .default("open"),
  coinsPerHour: optionalWholeNumber(1, 1000, "Coins per hour").transform((value) => value ?? 10),
  maxCoins: optionalWholeNumber(1, 100_000, "Maximum coins").transform((value) => value ?? 100),
  visibility: z.enum(VISIBILITIES, { error: "Visibility must be public or private" }).default("public"),
  contactEmail: optionalText(254, "Contact e-mail").pipe(
    z.email("Contact e-mail must be a valid address").nullable(),
  ),
  contactPhone: optionalText(30, "Contact phone").pipe(
    z
      .string()
      .regex(/^[+0-9 ()-]{6,30}$/, "Contact phone may hold digits, spaces, +, - and brackets")
      .nullable(),
  ),
  // Supervisor verification of hours (docs/product-rules.md §10, ADR 0038); see verificationRefusal.
  verification: z
    .enum(VERIFICATION_MODES, { error: "Verification must be none or supervisor" })
    .default("none"),
  supervisorName: optionalText(NAME_MAX_LENGTH, "Supervisor's name"),
  supervisorEmail: optionalText(254, "Supervisor's e-mail").pipe(
    z.email("Supervisor's e-mail must be a valid address").nullable(),
  ),
  studentNamesSupervisor: z.boolean({ error: "Must be true or false" }).default(false),
  autoApproveMaxHours: optionalWholeNumber(1, AUTO_APPROVE_MAX_HOURS, "Automatic approval hours"),
});
export type OpportunityInput = z.output<typeof OpportunityInputSchema>;
export { verificationRefusal };

/** The end of a dated opportunity comes after its start, and needs one (the database checks it too). */
export function datesRefusal(input: Pick<OpportunityInput, "startsAt" | "endsAt">): string | undefined {
  if (input.endsAt === null) return undefined;
  if (input.startsAt === null) return "Give a start as well as an end";
  return Date.parse(input.endsAt) < Date.parse(input.startsAt)
    ? "The end must come after the start"
    : undefined;
}

export const CreatorSchema = z.object({ firstName: z.string(), lastName: z.string() });

export const OpportunitySchema = z.object({
  id: z.number(),
  title: z.string(),
  shortDescription: z.string(),
  fullDescription: z.string(),
  imageUrl: z.string().nullable(),
  type: z.enum(OPPORTUNITY_TYPES),
  duration: z.enum(DURATIONS),
  customDuration: z.string().nullable(),
  schedule: z.string().nullable(),
  startsAt: DateTimeSchema.nullable(),
  endsAt: DateTimeSchema.nullable(),
  location: z.string().nullable(),
  skills: z.array(z.string()),
  capacity: z.number().nullable(),
  totalRequiredHours: z.number().nullable(),
  status: z.enum(OPPORTUNITY_STATUSES),
  coinsPerHour: z.number(),
  maxCoins: z.number(),
  visibility: z.enum(VISIBILITIES),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  verification: z.enum(VERIFICATION_MODES),
  supervisorName: z.string().nullable(),
  studentNamesSupervisor: z.boolean(),
  autoApproveMaxHours: z.number().nullable(),
  createdBy: z.number().nullable(),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
  /** 'Former admin' once the creating admin's account is gone. */
  creator: CreatorSchema,
  _count: z.object({ applications: z.number() }),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;

export const OpportunityDetailSchema = OpportunitySchema.extend({
  /** The signed-in student's own application to it, if any. */
  viewerApplication: z.object({ id: z.number(), status: z.enum(APPLICATION_STATUSES) }).nullable(),
  /** The secret of its share link, for admins only (null for everyone else; ADR 0017). */
  shareToken: z.string().nullable(),
  /** The supervisor's address, for admins only (null for everyone else). */
  supervisorEmail: z.string().nullable(),
  /** Places nobody holds (applications or live waiting-list offers); null without a capacity (ADR 0037). */
  placesLeft: z.number().nullable(),
  /** The signed-in student's live place on the waiting list: in line (with their position) or offered a place. */
  viewerWaitlist: z
    .object({
      status: z.enum(["waiting", "offered"]),
      position: z.number().nullable(),
      offerExpiresAt: DateTimeSchema.nullable(),
    })
    .nullable(),
  /** People in line or holding an offer. */
  waitlistCount: z.number(),
});
export type OpportunityDetail = z.infer<typeof OpportunityDetailSchema>;

/**
 * A row of the manager's list: what its cards and the dashboard show (and a little an API caller filters by), not
 * the whole opportunity. The edit form and the opportunity's page read the whole one (GET /api/opportunities/{id});
 * the descriptions, contacts and supervision fields of a hundred rows were most of the list's bytes and cost
 * (ADR 0056).
 */
export const AdminOpportunitySchema = OpportunitySchema.pick({
  id: true,
  title: true,
  shortDescription: true,
  type: true,
  status: true,
  visibility: true,
  capacity: true,
  totalRequiredHours: true,
  coinsPerHour: true,
  maxCoins: true,
  startsAt: true,
  endsAt: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  creator: true,
  _count: true,
}).extend({
  counts: z.object({
    pending: z.number(),
    accepted: z.number(),
    hoursSubmitted: z.number(),
    completed: z.number(),
    rejected: z.number(),
    withdrawn: z.number(),
  }),
  completedHours: z.number(),
  /** The secret of its share link (ADR 0017): the manager copies the link of a private opportunity. */
  shareToken: z.string(),
});
export type AdminOpportunity = z.infer<typeof AdminOpportunitySchema>;

/**
 * The `key` of a share link as a caller sends it. Tokens are 32 hex characters; the bound keeps hostile input a
 * 400, and any other text is simply not the key (the opportunity then answers as if it did not exist).
 */
export const ShareKeySchema = z
  .string({ error: "The share key must be text" })
  .max(64, "The share key is at most 64 characters");

export const OpportunityDetailQuerySchema = z.object({ key: ShareKeySchema.optional() });

/**
 * The feed's orders (docs/product-rules.md §12, ADR 0034): `relevance` ranks a search's matches (newest without
 * search text), `soonest` puts the next to start first (undated last), `recommended` ranks by the match with the
 * viewer's interests, then reward.
 */
export const OPPORTUNITY_SORTS = ["new", "high_reward", "relevance", "soonest", "recommended"] as const;
export type OpportunitySort = (typeof OPPORTUNITY_SORTS)[number];

/** The school's time zone: a start date means that day in India (ADR 0034). */
export const SCHOOL_TIME_ZONE = "Asia/Kolkata";

const trueOrFalse = (label: string) =>
  z.enum(["true", "false"], { error: `${label} must be true or false` }).optional();

export const OpportunityListQuerySchema = z.object({
  search: z.string().trim().max(200, "search: at most 200 characters").optional(),
  type: oneOrMany(z.enum(OPPORTUNITY_TYPES)).optional(),
  duration: oneOrMany(z.enum(DURATIONS)).optional(),
  skills: oneOrMany(z.enum(SKILLS)).optional(),
  /** Text the place contains, in any case. */
  location: z
    .string({ error: "location must be text" })
    .trim()
    .max(200, "location: at most 200 characters")
    .optional()
    .transform((value) => value || undefined),
  /** "true": only those with a free place (no capacity, or fewer places taken than it). */
  hasRoom: trueOrFalse("hasRoom").transform((value) => value === "true"),
  minCoinsPerHour: z.coerce
    .number({ error: "minCoinsPerHour must be a number" })
    .int("minCoinsPerHour must be a whole number")
    .min(1, "minCoinsPerHour must be at least 1")
    .max(1000, "minCoinsPerHour must be at most 1,000")
    .optional(),
  /** A day (YYYY-MM-DD, in India): only those starting on or after it; undated ones are left out. */
  startsFrom: calendarDateSchema("startsFrom").optional(),
  /** Unset: the best match first when searching, else the newest (ADR 0034). */
  sort: z
    .enum(OPPORTUNITY_SORTS, { error: `sort must be one of ${OPPORTUNITY_SORTS.join(", ")}` })
    .optional(),
  /** "true": leave out the ones the signed-in student applied to (the dashboard's 'Discover'). */
  hideApplied: trueOrFalse("hideApplied").transform((value) => value === "true"),
  limit: limitSchema(OPPORTUNITY_LIST_MAX_LIMIT, 50),
  offset: offsetSchema,
});
export type OpportunityListQuery = z.output<typeof OpportunityListQuerySchema>;

export const AdminOpportunityListQuerySchema = z.object({
  search: z.string().trim().max(200, "search: at most 200 characters").optional(),
  status: z.enum([...OPPORTUNITY_STATUSES, "all"]).default("all"),
  limit: limitSchema(ADMIN_OPPORTUNITY_LIST_MAX_LIMIT, 100),
  offset: offsetSchema,
});

/** Progress grows with every opportunity ever made: a bounded page, in opportunity order (PRODUCT-RULES §6). */
export const OpportunityProgressQuerySchema = z.object({
  limit: limitSchema(OPPORTUNITY_PROGRESS_MAX_LIMIT, 100),
  offset: offsetSchema,
});

export const opportunitiesContract = {
  list: defineEndpoint({
    ...apiRoutes.opportunities.list,
    // Browsers may keep it and revalidate it with its ETag (private, no-cache); the personal variants
    // (hideApplied, sort=recommended) are cached on the server per viewer (ADR 0034).
    browserCache: "revalidate",
    summary:
      "Open, public opportunities, filtered, ranked by full-text search over titles, descriptions and skills, sorted and paged; answers 304 to a matching If-None-Match",
    query: OpportunityListQuerySchema,
    response: z.object({ opportunities: z.array(OpportunitySchema), total: z.number() }),
  }),
  get: defineEndpoint({
    ...apiRoutes.opportunities.get,
    summary:
      "One opportunity, with the viewer's own application; a private one answers a student 404 without its key or an application",
    params: IdParamsSchema,
    query: OpportunityDetailQuerySchema,
    response: OpportunityDetailSchema,
  }),
  create: defineEndpoint({
    ...apiRoutes.opportunities.create,
    summary: "Publish an opportunity",
    body: OpportunityInputSchema,
    response: OpportunitySchema,
    successStatus: 201,
  }),
  update: defineEndpoint({
    ...apiRoutes.opportunities.update,
    summary: "Replace an opportunity's fields (createdBy never changes)",
    params: IdParamsSchema,
    body: OpportunityInputSchema,
    response: OpportunitySchema,
  }),
  close: defineEndpoint({
    ...apiRoutes.opportunities.close,
    summary: "Close an open opportunity to new applications",
    params: IdParamsSchema,
    response: OpportunitySchema,
  }),
  remove: defineEndpoint({
    ...apiRoutes.opportunities.remove,
    summary: "Delete an opportunity, its applications and hour logs (coins earned stay)",
    params: IdParamsSchema,
    response: MessageSchema,
  }),
  adminList: defineEndpoint({
    ...apiRoutes.opportunities.adminList,
    summary:
      "Every opportunity of every admin with counts and completed hours; X-Total-Count gives the total",
    query: AdminOpportunityListQuerySchema,
    response: z.array(AdminOpportunitySchema),
  }),
  progress: defineEndpoint({
    ...apiRoutes.opportunities.progress,
    // Holds nothing personal: browsers may keep it and revalidate it with its ETag.
    browserCache: "revalidate",
    summary:
      "Completed (approved) hours per opportunity that has any, by opportunity id, paged; X-Total-Count gives the total",
    query: OpportunityProgressQuerySchema,
    response: z.array(z.object({ id: z.number(), completedHours: z.number() })),
  }),
} as const satisfies Record<keyof typeof apiRoutes.opportunities, Endpoint>;
