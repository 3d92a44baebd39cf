// An application's timeline (docs/product-rules.md §10): every step as an append-only event, oldest first.
import { z } from "zod";
import { APPLICATION_EVENT_KINDS, EVENT_ACTORS } from "../domain/enums";
import { DateTimeSchema, IdParamsSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const ApplicationEventSchema = z.object({
  id: z.number(),
  kind: z.enum(APPLICATION_EVENT_KINDS),
  actor: z.enum(EVENT_ACTORS),
  /** The admin's, student's or supervisor's name as it was; null for Seva itself. */
  actorName: z.string().nullable(),
  at: DateTimeSchema,
  hours: z.number().nullable(),
  coins: z.number().nullable(),
  /** Feedback, notes or a dispute's reason. */
  note: z.string().nullable(),
});
export type ApplicationEvent = z.infer<typeof ApplicationEventSchema>;

export const timelineContract = {
  get: defineEndpoint({
    ...apiRoutes.timeline.get,
    summary: "Every step of an application, oldest first (its student or an admin)",
    params: IdParamsSchema,
    response: z.array(ApplicationEventSchema),
  }),
} as const satisfies Record<keyof typeof apiRoutes.timeline, Endpoint>;
