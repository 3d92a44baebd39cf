// Hours a student served on an accepted application, and the admin's decision on them, which pays coins
// (docs/product-spec.md §7, docs/product-rules.md §3).
import { z } from "zod";
import { HOUR_SUBMISSION_STATUSES } from "../domain/enums";
import {
  HOURS_DESCRIPTION_MAX,
  HOURS_DESCRIPTION_MIN,
  HOURS_REFLECTION_MAX,
  MAX_STUDENT_HOURS,
  MIN_STUDENT_HOURS,
} from "../domain/limits";
import { ApplicationSchema, DecisionResultSchema } from "./applications";
import { EmailSchema, NameSchema } from "./auth";
import {
  calendarDateSchema,
  coinsSchema,
  DateTimeSchema,
  IdParamsSchema,
  MessageSchema,
  optionalNote,
} from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { ServedSchema, VerificationSchema } from "./hours-record";
import { apiRoutes } from "./routes";

export const HourSubmissionSchema = ServedSchema.extend({
  id: z.number(),
  applicationId: z.number(),
  submittedAt: DateTimeSchema,
  status: z.enum(HOUR_SUBMISSION_STATUSES),
  reviewedAt: DateTimeSchema.nullable(),
  coinsAwarded: z.number(),
  feedback: z.string().nullable(),
  /** Approved by Seva on the supervisor's confirmation under the opportunity's rule. */
  autoApproved: z.boolean(),
  verification: VerificationSchema,
});
export type HourSubmission = z.infer<typeof HourSubmissionSchema>;

/**
 * Dates are checked against today (India) and the acceptance on the server: not in the future, not before the
 * application was accepted, from ≤ to. The supervisor is asked only when the opportunity lets students name one.
 */
export const SubmitHoursBodySchema = z.object({
  hours: z
    .number({ error: "Hours must be a whole number" })
    .int("Hours must be a whole number")
    .min(MIN_STUDENT_HOURS, `Hours must be at least ${MIN_STUDENT_HOURS}`)
    .max(MAX_STUDENT_HOURS, `Hours must be at most ${MAX_STUDENT_HOURS}`),
  servedFrom: calendarDateSchema("From"),
  servedTo: calendarDateSchema("To"),
  description: z
    .string({ error: "Describe what you did" })
    .trim()
    .min(HOURS_DESCRIPTION_MIN, `Describe what you did in at least ${HOURS_DESCRIPTION_MIN} characters`)
    .max(HOURS_DESCRIPTION_MAX, "What you did: at most 2,000 characters"),
  reflection: optionalNote("Reflection").pipe(
    z.string().max(HOURS_REFLECTION_MAX, "Reflection: at most 2,000 characters").nullable(),
  ),
  supervisorName: NameSchema.optional(),
  supervisorEmail: EmailSchema.optional(),
});
export type SubmitHoursBody = z.infer<typeof SubmitHoursBodySchema>;

/** Approving a submission its supervisor disputed needs feedback (the admin's note on why it stands). */
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
  resendVerification: defineEndpoint({
    ...apiRoutes.hours.resendVerification,
    summary:
      "E-mail the supervisor a new link for the submission under review (its student; at most once a day)",
    params: IdParamsSchema,
    response: MessageSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.hours, Endpoint>;
