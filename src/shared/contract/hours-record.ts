// What a student served and whether their supervisor vouched for it (docs/product-rules.md §10): shared by the
// hours endpoints, the application lists that embed the submission under review, and the supervisor's page.
import { z } from "zod";
import { VERIFICATION_STATUSES } from "../domain/enums";
import { DateTimeSchema } from "./common";

/**
 * The on-site supervisor's verification of a submission (docs/product-rules.md §10): `not_required` when the
 * opportunity asks none; else pending until the supervisor confirms or disputes from the e-mailed link.
 */
export const VerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  supervisorName: z.string().nullable(),
  /** When the link was last e-mailed (the student may resend once a day). */
  sentAt: DateTimeSchema.nullable(),
  /** When the supervisor confirmed or disputed. */
  verifiedAt: DateTimeSchema.nullable(),
  disputeReason: z.string().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** What the student said they served, as every review place and their own history show it. */
export const ServedSchema = z.object({
  hours: z.number(),
  /** Days (YYYY-MM-DD); null only on submissions older than these fields. */
  servedFrom: z.string().nullable(),
  servedTo: z.string().nullable(),
  description: z.string().nullable(),
  reflection: z.string().nullable(),
});

/**
 * The submission under review, embedded in the admin's and the student's application lists so every review place
 * shows what was done and whether the supervisor vouched for it without a request per row.
 */
export const HoursUnderReviewSchema = ServedSchema.extend({
  id: z.number(),
  submittedAt: DateTimeSchema,
  verification: VerificationSchema,
});
export type HoursUnderReview = z.infer<typeof HoursUnderReviewSchema>;
