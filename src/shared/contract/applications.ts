// Applications of students to opportunities (spec §7, PRODUCT-RULES §2–3).
import { z } from "zod";
import { APPLICATION_STATUSES } from "../domain/enums";
import { DateTimeSchema, IdSchema } from "./common";
import { defineEndpoint } from "./endpoint";

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

export const applicationsContract = {
  apply: defineEndpoint({
    method: "POST",
    path: "/api/applications",
    access: "student",
    summary: "Apply to an open opportunity (one application per student and opportunity, capacity permitting)",
    body: z.object({ opportunityId: IdSchema }),
    response: ApplicationSchema,
    successStatus: 201,
  }),
} as const;
