// Applications of students to opportunities (docs/product-spec.md §7, docs/product-rules.md §2–3).
import { z } from "zod";
import { APPLICATION_STATUSES, OPPORTUNITY_STATUSES, OPPORTUNITY_TYPES } from "../domain/enums";
import {
  coinsSchema,
  DateTimeSchema,
  IdParamsSchema,
  IdSchema,
  limitSchema,
  offsetSchema,
  oneOrMany,
  optionalNote,
} from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { HoursUnderReviewSchema } from "./hours-record";
import { OpportunitySchema, ShareKeySchema } from "./opportunities";
import { ADMIN_APPLICATION_LIST_MAX_LIMIT } from "./query-bounds";
import { apiRoutes } from "./routes";

export const ApplicationSchema = z.object({
  id: z.number(),
  userId: z.number(),
  opportunityId: z.number(),
  status: z.enum(APPLICATION_STATUSES),
  appliedAt: DateTimeSchema,
  completedAt: DateTimeSchema.nullable(),
  notes: z.string().nullable(),
  coinsAwarded: z.number(),
  hoursCompleted: z.number(),
  submittedHours: z.number(),
  hourSubmissionDate: DateTimeSchema.nullable(),
  adminFeedback: z.string().nullable(),
});
export type Application = z.infer<typeof ApplicationSchema>;

/** The opportunity as the admin application lists show it beside each application. */
export const ApplicationOpportunitySchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(OPPORTUNITY_TYPES),
  status: z.enum(OPPORTUNITY_STATUSES),
  coinsPerHour: z.number(),
  maxCoins: z.number(),
  totalRequiredHours: z.number().nullable(),
});

export const ApplicantSchema = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });

export const StudentApplicationSchema = ApplicationSchema.extend({
  opportunity: OpportunitySchema.omit({ _count: true }),
  /** The submission under review, with its supervisor's answer (null when none is under review). */
  hoursUnderReview: HoursUnderReviewSchema.nullable(),
});
export type StudentApplication = z.infer<typeof StudentApplicationSchema>;

export const OpportunityApplicationSchema = ApplicationSchema.extend({
  user: ApplicantSchema,
  hoursUnderReview: HoursUnderReviewSchema.nullable(),
});
export type OpportunityApplication = z.infer<typeof OpportunityApplicationSchema>;

export const AdminApplicationSchema = ApplicationSchema.extend({
  user: ApplicantSchema,
  opportunity: ApplicationOpportunitySchema,
  /** Flattened for the dashboard's progress figures. */
  totalRequiredHours: z.number().nullable(),
  hoursUnderReview: HoursUnderReviewSchema.nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export const UpdateStatusBodySchema = z.object({
  status: z.enum(["accepted", "rejected", "completed"], {
    error: "Status must be accepted, rejected or completed",
  }),
  notes: optionalNote("Notes"),
  coinsAwarded: coinsSchema("Coins awarded").optional(),
  hoursCompleted: z.coerce
    .number({ error: "Hours completed must be a number" })
    .min(0, "Hours completed must be at least 0")
    .max(10_000, "Hours completed must be at most 10,000")
    .refine((hours) => Number.isInteger(hours * 2), "Hours completed go in steps of 0.5")
    .optional(),
  adminFeedback: optionalNote("Feedback"),
});

/** The answer of every admin decision: the application after it, and what was paid. */
export const DecisionResultSchema = z.object({
  application: ApplicationSchema,
  coinsAwarded: z.number(),
  /** True when the opportunity's coin cap cut the award. */
  capped: z.boolean(),
  badgesEarned: z.array(z.string()),
  message: z.string(),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

export { ADMIN_APPLICATION_LIST_MAX_LIMIT };

/**
 * The admin list's orders: `applied` newest application first; `recent` latest change first; `oldest` longest
 * waiting first (by the hour submission when there is one, else the application; ADR 0027).
 */
export const ADMIN_APPLICATION_SORTS = ["applied", "recent", "oldest"] as const;

export const AdminApplicationListQuerySchema = z.object({
  status: oneOrMany(z.enum(APPLICATION_STATUSES)).optional(),
  opportunityId: IdSchema.optional(),
  /** Part of the applicant's name or e-mail, or of the opportunity's title, in any case. */
  search: z.string().trim().max(200, "search: at most 200 characters").optional(),
  sort: z.enum(ADMIN_APPLICATION_SORTS).default("applied"),
  limit: limitSchema(ADMIN_APPLICATION_LIST_MAX_LIMIT, 100),
  offset: offsetSchema,
});
export type AdminApplicationListQuery = z.output<typeof AdminApplicationListQuerySchema>;

export const applicationsContract = {
  apply: defineEndpoint({
    ...apiRoutes.applications.apply,
    summary:
      "Apply to an open opportunity (one application per student and opportunity, capacity permitting); a private one needs its share key",
    body: z.object({ opportunityId: IdSchema, shareKey: ShareKeySchema.optional() }),
    response: ApplicationSchema,
    successStatus: 201,
  }),
  listForUser: defineEndpoint({
    ...apiRoutes.applications.listForUser,
    summary: "A student's applications with their opportunities (own, or any for admins)",
    params: z.object({ userId: IdSchema }),
    response: z.array(StudentApplicationSchema),
  }),
  listForOpportunity: defineEndpoint({
    ...apiRoutes.applications.listForOpportunity,
    summary: "The applications to one opportunity with their applicants",
    params: z.object({ opportunityId: IdSchema }),
    response: z.array(OpportunityApplicationSchema),
  }),
  adminList: defineEndpoint({
    ...apiRoutes.applications.adminList,
    summary: "Applications with applicant and opportunity, filtered and paged; X-Total-Count gives the total",
    query: AdminApplicationListQuerySchema,
    response: z.array(AdminApplicationSchema),
  }),
  updateStatus: defineEndpoint({
    ...apiRoutes.applications.updateStatus,
    summary: "Accept, reject, reconsider or complete an application",
    params: IdParamsSchema,
    body: UpdateStatusBodySchema,
    response: DecisionResultSchema,
  }),
  withdraw: defineEndpoint({
    ...apiRoutes.applications.withdraw,
    summary:
      "Withdraw one's own application while pending, or accepted with no hours submitted; the place frees and goes to the waiting list",
    params: IdParamsSchema,
    response: ApplicationSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.applications, Endpoint>;
