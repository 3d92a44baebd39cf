// Waiting lists of full opportunities (docs/product-rules.md §12, ADR 0037): a student joins the line of a full
// open opportunity; when a place frees the first in line is offered it for 48 hours and takes it (a pending
// application) or lets it pass to the next.
import { z } from "zod";
import { OPPORTUNITY_STATUSES, OPPORTUNITY_TYPES, WAITLIST_STATUSES } from "../domain/enums";
import { ApplicantSchema, ApplicationSchema } from "./applications";
import { DateTimeSchema, IdParamsSchema, MessageSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { ShareKeySchema } from "./opportunities";
import { apiRoutes } from "./routes";

export const WaitlistEntrySchema = z.object({
  id: z.number(),
  opportunityId: z.number(),
  status: z.enum(WAITLIST_STATUSES),
  joinedAt: DateTimeSchema,
  offeredAt: DateTimeSchema.nullable(),
  offerExpiresAt: DateTimeSchema.nullable(),
  /** 1 for the first in line; null unless waiting. */
  position: z.number().nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const OwnWaitlistEntrySchema = WaitlistEntrySchema.extend({
  opportunity: z.object({
    id: z.number(),
    title: z.string(),
    type: z.enum(OPPORTUNITY_TYPES),
    status: z.enum(OPPORTUNITY_STATUSES),
  }),
});
export type OwnWaitlistEntry = z.infer<typeof OwnWaitlistEntrySchema>;

export const AdminWaitlistEntrySchema = WaitlistEntrySchema.extend({ user: ApplicantSchema });
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntrySchema>;

export const waitlistContract = {
  join: defineEndpoint({
    ...apiRoutes.waitlist.join,
    summary:
      "Join the waiting list of a full open opportunity (not with an active application or a place in line already); a private one needs its share key",
    params: IdParamsSchema,
    body: z.object({ shareKey: ShareKeySchema.optional() }),
    response: WaitlistEntrySchema,
    successStatus: 201,
  }),
  leave: defineEndpoint({
    ...apiRoutes.waitlist.leave,
    summary: "Leave the waiting list, or decline an offered place: it passes to the next in line",
    params: IdParamsSchema,
    response: MessageSchema,
  }),
  acceptOffer: defineEndpoint({
    ...apiRoutes.waitlist.acceptOffer,
    summary: "Take the place offered from the waiting list while the offer lasts: a pending application",
    params: IdParamsSchema,
    response: ApplicationSchema,
    successStatus: 201,
  }),
  mine: defineEndpoint({
    ...apiRoutes.waitlist.mine,
    summary: "The student's own places on waiting lists (waiting or offered), with their positions",
    response: z.array(OwnWaitlistEntrySchema),
  }),
  adminList: defineEndpoint({
    ...apiRoutes.waitlist.adminList,
    summary: "An opportunity's waiting list in line order: names, joined, status, offer expiry",
    params: IdParamsSchema,
    response: z.array(AdminWaitlistEntrySchema),
  }),
} as const satisfies Record<keyof typeof apiRoutes.waitlist, Endpoint>;
