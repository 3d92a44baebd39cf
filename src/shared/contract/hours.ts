// Hours a student served on an accepted application, and the admin's decision on them, which pays coins
// (docs/product-spec.md §7, docs/product-rules.md §3).
import { z } from "zod";
import { HOUR_SUBMISSION_STATUSES } from "../domain/enums";
import { MAX_STUDENT_HOURS, MIN_STUDENT_HOURS } from "../domain/limits";
import { ApplicationSchema, DecisionResultSchema } from "./applications";
import { coinsSchema, DateTimeSchema, IdParamsSchema, optionalNote } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const HourSubmissionSchema = z.object({
  id: z.number(),
  applicationId: z.number(),
  hours: z.number(),
  submittedAt: DateTimeSchema,
  status: z.enum(HOUR_SUBMISSION_STATUSES),
  reviewedAt: DateTimeSchema.nullable(),
  coinsAwarded: z.number(),
  feedback: z.string().nullable(),
});
export type HourSubmission = z.infer<typeof HourSubmissionSchema>;

export const SubmitHoursBodySchema = z.object({
  hours: z
    .number({ error: "Hours must be a whole number" })
    .int("Hours must be a whole number")
    .min(MIN_STUDENT_HOURS, `Hours must be at least ${MIN_STUDENT_HOURS}`)
    .max(MAX_STUDENT_HOURS, `Hours must be at most ${MAX_STUDENT_HOURS}`),
});

export const ApproveHoursBodySchema = z.object({
  coinsAwarded: coinsSchema("Coins"),
  feedback: optionalNote("Feedback"),
});
export type ApproveHoursBody = z.infer<typeof ApproveHoursBodySchema>;

export const RejectHoursBodySchema = z.object({
  feedback: z
    .string({ error: "Feedback is required" })
    .trim()
    .min(1, "Feedback is required")
    .max(2000, "Feedback: at most 2,000 characters"),
});

export const hoursContract = {
  submit: defineEndpoint({
    ...apiRoutes.hours.submit,
    summary: "Submit whole hours served for review (own application, accepted or hours approved)",
    params: IdParamsSchema,
    body: SubmitHoursBodySchema,
    response: ApplicationSchema,
  }),
  approve: defineEndpoint({
    ...apiRoutes.hours.approve,
    summary: "Approve the submission under review and award coins within the opportunity's cap",
    params: IdParamsSchema,
    body: ApproveHoursBodySchema,
    response: DecisionResultSchema,
  }),
  reject: defineEndpoint({
    ...apiRoutes.hours.reject,
    summary: "Reject the submission under review with feedback",
    params: IdParamsSchema,
    body: RejectHoursBodySchema,
    response: DecisionResultSchema,
  }),
  list: defineEndpoint({
    ...apiRoutes.hours.list,
    summary: "The hour submissions of an application (its student or an admin)",
    params: IdParamsSchema,
    response: z.array(HourSubmissionSchema),
  }),
} as const satisfies Record<keyof typeof apiRoutes.hours, Endpoint>;
