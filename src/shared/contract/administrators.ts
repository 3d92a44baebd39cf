// Administrators: who they are, promoting a registered student to one (docs/product-rules.md §1: admins are
// created by `npm run create-admin` or promoted by another admin), and taking the rights back (ADR 0015).
import { z } from "zod";
import { EmailSchema } from "./auth";
import { IdSchema, MessageSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const AdministratorSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Administrator = z.infer<typeof AdministratorSchema>;

export const PromoteBodySchema = z.object({ email: EmailSchema });

export const administratorsContract = {
  list: defineEndpoint({
    ...apiRoutes.administrators.list,
    summary: "Every administrator, by name",
    response: z.array(AdministratorSchema),
  }),
  promote: defineEndpoint({
    ...apiRoutes.administrators.promote,
    summary: "Give a registered student administrator rights, by e-mail address",
    body: PromoteBodySchema,
    response: z.object({ administrator: AdministratorSchema, message: z.string() }),
  }),
  remove: defineEndpoint({
    ...apiRoutes.administrators.remove,
    summary: "Take administrator rights back from another administrator, who becomes a student again",
    params: z.object({ userId: IdSchema }),
    response: MessageSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.administrators, Endpoint>;
