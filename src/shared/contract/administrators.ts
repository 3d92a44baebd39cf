// Administrators: who they are, and promoting a registered student to one (PRODUCT-RULES §1: admins are created
// by `npm run create-admin` or promoted by another admin).
import { z } from "zod";
import { EmailSchema } from "./auth";
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
} as const satisfies Record<keyof typeof apiRoutes.administrators, Endpoint>;
