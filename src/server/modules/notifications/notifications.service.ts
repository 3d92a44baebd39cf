// The in-app notifications of one person: their list, newest first, its unread count, and marking read. Every
// query names the person, so nobody reads or marks another's.
import type { Database } from "@server/db/client";
import { notifications } from "@server/db/schema";
import { countAll, toIso } from "@server/lib/sql";
import type { Notification } from "@shared/contract/notifications";
import { and, desc, eq, isNull, sql } from "drizzle-orm";

export async function listNotifications(
  db: Database,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        category: notifications.category,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: countAll() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return {
    notifications: rows.map((row) => ({
      ...row,
      createdAt: toIso(row.createdAt),
      readAt: toIso(row.readAt),
    })),
    total: count?.total ?? 0,
  };
}

export async function countUnread(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: countAll() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one notification read if it is the person's; another's or a missing one changes nothing. */
export async function markRead(db: Database, userId: number, id: number): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return countUnread(db, userId);
}

export async function markAllRead(db: Database, userId: number): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return 0;
}
