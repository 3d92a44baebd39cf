// Badges: the catalogue and a user's earned badges (docs/product-spec.md §7).
import { z } from "zod";
import { BADGE_TYPES } from "../domain/enums";
import { DateTimeSchema, IdSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { apiRoutes } from "./routes";

export const BadgeSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  coinsRequired: z.number(),
  type: z.enum(BADGE_TYPES),
  createdAt: DateTimeSchema,
});
export type Badge = z.infer<typeof BadgeSchema>;

export const UserBadgeSchema = z.object({
  id: z.number(),
  userId: z.number(),
  badgeId: z.number(),
  earnedAt: DateTimeSchema,
  badge: BadgeSchema,
});
export type UserBadge = z.infer<typeof UserBadgeSchema>;

export const badgesContract = {
  list: defineEndpoint({
    ...apiRoutes.badges.list,
    // Holds nothing personal: browsers may keep it and revalidate it with its ETag.
    browserCache: "revalidate",
    summary: "The badge catalogue, cheapest first",
    response: z.array(BadgeSchema),
  }),
  listForUser: defineEndpoint({
    ...apiRoutes.badges.listForUser,
    summary: "The badges a user has earned (own, or any for admins)",
    params: z.object({ userId: IdSchema }),
    response: z.array(UserBadgeSchema),
  }),
} as const satisfies Record<keyof typeof apiRoutes.badges, Endpoint>;
