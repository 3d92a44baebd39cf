// The on-site supervisor's verification of hours (docs/product-rules.md §10, ADR 0038): reached from an e-mailed
// link without an account. The link's token is the only credential; it names one submission, lasts 14 days and
// allows a single decision.
import { z } from "zod";
import { DateTimeSchema, MessageSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { ServedSchema } from "./hours-record";
import { apiRoutes } from "./routes";

/** The link's secret, as the e-mail carries it in the page's fragment (`/confirm-hours#token=…`). */
export const SupervisionTokenSchema = z
  .string({ error: "Required" })
  .trim()
  .min(1, "Required")
  .max(300, "This verification link is not valid")
  .regex(/^[A-Za-z0-9_.-]+$/, "This verification link is not valid");

export const SupervisionCheckBodySchema = z.object({ token: SupervisionTokenSchema });

/**
 * What the supervisor is asked to vouch for, and whether they still can: `open` awaits their answer; `confirmed`
 * and `disputed` were answered (by this or an earlier link); `closed` means the school already decided the hours.
 */
export const SupervisionRequestSchema = ServedSchema.extend({
  state: z.enum(["open", "confirmed", "disputed", "closed"]),
  studentName: z.string(),
  opportunityTitle: z.string(),
  institution: z.string(),
  supervisorName: z.string().nullable(),
  submittedAt: DateTimeSchema,
  verifiedAt: DateTimeSchema.nullable(),
  disputeReason: z.string().nullable(),
});
export type SupervisionRequest = z.infer<typeof SupervisionRequestSchema>;

export const SupervisionDecisionBodySchema = z.discriminatedUnion(
  "decision",
  [
    z.object({ token: SupervisionTokenSchema, decision: z.literal("confirm") }),
    z.object({
      token: SupervisionTokenSchema,
      decision: z.literal("dispute"),
      reason: z
        .string({ error: "Say what is not right" })
        .trim()
        .min(5, "Say what is not right in at least 5 characters")
        .max(2000, "Reason: at most 2,000 characters"),
    }),
  ],
  { error: "Decision must be confirm or dispute" },
);
export type SupervisionDecisionBody = z.infer<typeof SupervisionDecisionBodySchema>;

export const supervisionContract = {
  check: defineEndpoint({
    ...apiRoutes.supervision.check,
    summary: "What a supervisor's verification link asks them to confirm, and whether it is still open",
    body: SupervisionCheckBodySchema,
    response: SupervisionRequestSchema,
  }),
  decide: defineEndpoint({
    ...apiRoutes.supervision.decide,
    summary:
      "Confirm or dispute the hours of a verification link (once; 409 when already answered or decided)",
    body: SupervisionDecisionBodySchema,
    response: MessageSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.supervision, Endpoint>;
