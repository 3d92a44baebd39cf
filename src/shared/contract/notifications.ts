// Notifications in the app (docs/product-rules.md §8): each person's list, newest first and paged, its unread
// count for the navigation bar's bell, and marking read. Every endpoint concerns the signed-in person only.
import { z } from "zod";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_KINDS, type NotificationKind } from "../domain/notifications";
import { DateTimeSchema, IdParamsSchema, limitSchema, offsetSchema } from "./common";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { NOTIFICATION_LIST_MAX_LIMIT } from "./query-bounds";
import { apiRoutes } from "./routes";

export { NOTIFICATION_LIST_MAX_LIMIT };

const KINDS = Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]];

export const NotificationSchema = z.object({
  id: z.number(),
  kind: z.enum(KINDS),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** The path of the screen it concerns. */
  link: z.string(),
  createdAt: DateTimeSchema,
  readAt: DateTimeSchema.nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const UnreadCountSchema = z.object({ unread: z.number() });

/** What a student earned since the balance last celebrated (issue 17); null when there is nothing new. */
export const CelebrationSchema = z
  .object({
    coinsSince: z.number(),
    /** The level now reached, when it is higher than the one last celebrated. */
    levelReached: z.number().nullable(),
    badges: z.array(z.object({ name: z.string(), icon: z.string() })),
  })
  .nullable();
export type Celebration = z.infer<typeof CelebrationSchema>;

export const notificationsContract = {
  list: defineEndpoint({
    ...apiRoutes.notifications.list,
    summary: "The signed-in person's notifications, newest first; X-Total-Count gives the total",
    query: z.object({ limit: limitSchema(NOTIFICATION_LIST_MAX_LIMIT, 20), offset: offsetSchema }),
    response: z.array(NotificationSchema),
  }),
  unreadCount: defineEndpoint({
    ...apiRoutes.notifications.unreadCount,
    summary: "How many of the signed-in person's notifications are unread (the bell's count)",
    response: UnreadCountSchema,
  }),
  markRead: defineEndpoint({
    ...apiRoutes.notifications.markRead,
    summary: "Mark one of the signed-in person's notifications read",
    params: IdParamsSchema,
    response: UnreadCountSchema,
  }),
  markAllRead: defineEndpoint({
    ...apiRoutes.notifications.markAllRead,
    summary: "Mark every notification of the signed-in person read",
    response: UnreadCountSchema,
  }),
  celebration: defineEndpoint({
    ...apiRoutes.notifications.celebration,
    summary: "Coins, a level and badges the signed-in person earned since their last celebration, or null",
    response: CelebrationSchema,
  }),
  celebrationSeen: defineEndpoint({
    ...apiRoutes.notifications.celebrationSeen,
    summary: "The celebration was shown: what is earned from now on is the next one",
    response: CelebrationSchema,
  }),
} as const satisfies Record<keyof typeof apiRoutes.notifications, Endpoint>;
