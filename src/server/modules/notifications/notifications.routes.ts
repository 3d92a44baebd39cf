// HTTP glue for the signed-in person's notifications. Nothing here is shared between people, so nothing is
// cached: each answer is read for the person asking.
import type { Database } from "@server/db/client";
import { registerRoute } from "@server/http/route";
import { notificationsContract as routes } from "@shared/contract/notifications";
import type { FastifyInstance } from "fastify";
import { findCelebration, markCelebrationSeen } from "./celebration.service";
import { countUnread, listNotifications, markAllRead, markRead } from "./notifications.service";
import { registerNotificationStream } from "./stream.routes";

export function registerNotificationRoutes(app: FastifyInstance, db: Database): void {
  registerRoute(app, db, routes.list, async ({ query, user, reply }) => {
    const { notifications, total } = await listNotifications(db, user, query);
    reply.header("X-Total-Count", String(total));
    return notifications;
  });

  registerRoute(app, db, routes.unreadCount, async ({ user }) => ({
    unread: await countUnread(db, user),
  }));

  registerRoute(app, db, routes.markRead, async ({ params, user }) => ({
    unread: await markRead(db, user, params.id),
  }));

  registerRoute(app, db, routes.markAllRead, async ({ user }) => ({
    unread: await markAllRead(db, user),
  }));

  registerRoute(app, db, routes.celebration, ({ user }) => findCelebration(db, user.id));

  registerRoute(app, db, routes.celebrationSeen, async ({ user }) => {
    await markCelebrationSeen(db, user.id);
    return null;
  });

  // The live stream answers server-sent events, not JSON, so it is not a contract endpoint (stream.ts).
  registerNotificationStream(app, db);
}
