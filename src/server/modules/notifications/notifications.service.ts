// The in-app notifications of one person: their list, newest first, its unread count, and marking read. Every
// query names the person, so nobody reads or marks another's. An administrator's list also holds the notices to
// every administrator (one row each, user_id null, ADR 0080), each admin's reading of them kept apart: every one
// up to their mark (admin_notice_marks) is read, and those past it that they opened (admin_notice_reads).
import type { Database, Executor } from "@server/db/client";
import { rowsOf, toIso } from "@server/lib/sql";
import type { SessionUser } from "@server/sessions/session-store";
import type { Notification } from "@shared/contract/notifications";
import { type SQL, sql } from "drizzle-orm";

/** Who reads: their id, and whether the admins' notices are theirs too. */
export type Reader = Pick<SessionUser, "id" | "role">;

const isAdmin = (reader: Reader) => reader.role === "admin";

/** The admins' notices this admin has not read: past their mark and not opened one by one. */
function unreadAdminNotices(userId: number): SQL {
  return sql`(select count(*)::int from notifications n
    where n.user_id is null
      and n.id > coalesce((select m.read_through from admin_notice_marks m where m.user_id = ${userId}), 0)
      and not exists (select 1 from admin_notice_reads r where r.user_id = ${userId} and r.notification_id = n.id))`;
}

/** The person's unread count as one SQL value (the live stream reads it beside the balance). */
export function unreadCountOf(reader: Reader): SQL<number> {
  const own = sql`(select count(*)::int from notifications where user_id = ${reader.id} and read_at is null)`;
  return isAdmin(reader) ? sql<number>`(${own} + ${unreadAdminNotices(reader.id)})` : sql<number>`${own}`;
}

interface NotificationRow {
  id: number;
  kind: Notification["kind"];
  category: Notification["category"];
  title: string;
  body: string;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

const COLUMNS = sql`n.id, n.kind, n.category, n.title, n.body, n.link, n.created_at`;

export async function listNotifications(
  db: Database,
  reader: Reader,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number }> {
  const own = sql`select ${COLUMNS}, n.read_at from notifications n where n.user_id = ${reader.id}`;
  // Each side brings at most the page's end in order from its index; the page is cut from the two.
  const upTo = page.offset + page.limit;
  const rowsQuery = isAdmin(reader)
    ? sql`select * from (
        (${own} order by n.created_at desc, n.id desc limit ${upTo})
        union all
        (select ${COLUMNS},
            coalesce(r.read_at, case when n.id <= m.read_through then m.read_through_at end) as read_at
          from notifications n
          left join admin_notice_marks m on m.user_id = ${reader.id}
          left join admin_notice_reads r on r.user_id = ${reader.id} and r.notification_id = n.id
          where n.user_id is null
          order by n.created_at desc, n.id desc limit ${upTo})
      ) page order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`
    : sql`${own} order by n.created_at desc, n.id desc limit ${page.limit} offset ${page.offset}`;
  const totalQuery = isAdmin(reader)
    ? sql`select (select count(*)::int from notifications where user_id = ${reader.id})
        + (select count(*)::int from notifications where user_id is null) as total`
    : sql`select count(*)::int as total from notifications where user_id = ${reader.id}`;
  const [rows, totals] = await Promise.all([db.execute(rowsQuery), db.execute(totalQuery)]);
  return {
    notifications: rowsOf<NotificationRow>(rows).map((row) => ({
      id: row.id,
      kind: row.kind,
      category: row.category,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: toIso(row.created_at),
      readAt: toIso(row.read_at),
    })),
    total: Number(rowsOf<{ total: number }>(totals)[0]?.total ?? 0),
  };
}

export async function countUnread(db: Executor, reader: Reader): Promise<number> {
  const [row] = rowsOf<{ unread: number }>(await db.execute(sql`select ${unreadCountOf(reader)} as unread`));
  return Number(row?.unread ?? 0);
}

/** Marks one notification read if it is the person's; another's or a missing one changes nothing. */
export async function markRead(db: Database, reader: Reader, id: number): Promise<number> {
  await db.execute(
    sql`update notifications set read_at = now() where id = ${id} and user_id = ${reader.id} and read_at is null`,
  );
  if (isAdmin(reader))
    await db.execute(sql`
      insert into admin_notice_reads (user_id, notification_id)
      select ${reader.id}, n.id from notifications n
      where n.id = ${id} and n.user_id is null
        and n.id > coalesce((select m.read_through from admin_notice_marks m where m.user_id = ${reader.id}), 0)
      on conflict do nothing`);
  return countUnread(db, reader);
}

export async function markAllRead(db: Database, reader: Reader): Promise<number> {
  await db.execute(
    sql`update notifications set read_at = now() where user_id = ${reader.id} and read_at is null`,
  );
  if (isAdmin(reader)) {
    await markAdminNoticesRead(db, reader.id);
    // The single reads the mark now covers say nothing more.
    await db.execute(sql`
      delete from admin_notice_reads r using admin_notice_marks m
      where r.user_id = ${reader.id} and m.user_id = ${reader.id} and r.notification_id <= m.read_through`);
  }
  return 0;
}

/**
 * Moves the admin's mark to the newest admins' notice (never back): all read up to it. Also where a newly
 * appointed admin starts, so they are not handed the school's whole review history as unread.
 */
export async function markAdminNoticesRead(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`
    insert into admin_notice_marks (user_id, read_through, read_through_at)
    select ${userId}, coalesce(max(id), 0), now() from notifications where user_id is null
    on conflict (user_id) do update set read_through = excluded.read_through, read_through_at = excluded.read_through_at
      where admin_notice_marks.read_through < excluded.read_through`);
}
