// Writes a notification in the transaction of the change that causes it (docs/product-rules.md §8): one row per
// recipient in the in-app list, and, where the recipient's preferences allow, one e-mail in the outbox, which the
// delivery worker sends after the commit (delivery-worker.ts). A change that rolls back takes both with it, so
// nothing is told that did not happen; a repeated event (same kind, occurrence and recipient) is written once.
import type { Executor } from "@server/db/client";
import { rowsOf } from "@server/lib/sql";
import { categoryOf, type NotificationKind } from "@shared/domain/notifications";
import { type SQL, sql } from "drizzle-orm";

export interface NotificationEvent {
  kind: NotificationKind;
  /** The people told: students by id, or every administrator. */
  to: { userIds: readonly number[] } | "admins";
  title: string;
  body: string;
  /** The path of the screen it concerns. */
  link: string;
  /** Figures and names the e-mail shows beside the text (coins, badges, feedback). */
  data?: Record<string, unknown>;
  /**
   * What makes this event one of its kind: the application and the moment of its change, the hour submission.
   * With the kind and the recipient it is the idempotency key of the notification and of its e-mail.
   */
  occurrence: string;
}

/** Writes the event's notifications and e-mails; returns how many people were told (0 for a repeat). */
export async function notify(tx: Executor, event: NotificationEvent): Promise<number> {
  const category = categoryOf(event.kind);
  const recipients: SQL =
    event.to === "admins"
      ? sql`select id from users where role = 'admin'`
      : event.to.userIds.length === 0
        ? sql`select id from users where false`
        : sql`select id from users where id in (${sql.join(
            event.to.userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const data = JSON.stringify(event.data ?? {});
  const mailData = JSON.stringify({
    ...(event.data ?? {}),
    title: event.title,
    body: event.body,
    link: event.link,
  });
  const keyPrefix = `${event.kind}:${event.occurrence}:`;
  // Security mail always goes; other categories follow the person's choice (on unless switched off); admins hear
  // of new work by e-mail as it happens only if they chose so, else in the daily digest (scheduler.ts).
  const result = await tx.execute(sql`
    with recipients as (${recipients}),
    inserted as (
      insert into notifications (user_id, kind, category, title, body, link, data, dedupe_key)
      select r.id, ${event.kind}, ${category}, ${event.title}, ${event.body}, ${event.link}, ${data}::jsonb,
             ${keyPrefix} || r.id
      from recipients r
      on conflict (dedupe_key) do nothing
      returning id, user_id
    ),
    mailed as (
      insert into mail_outbox (notification_id, user_id, to_address, kind, category, subject, data, dedupe_key)
      select i.id, i.user_id, u.email, ${event.kind}, ${category}, ${event.title}, ${mailData}::jsonb,
             'notification:' || i.id
      from inserted i
      join users u on u.id = i.user_id
      left join notification_preferences p on p.user_id = i.user_id and p.category = ${category}
      left join admin_digest_settings d on d.user_id = i.user_id
      where (${category} = 'security' or coalesce(p.email, true))
        and (${category} <> 'review_queue' or coalesce(d.mode, 'daily') = 'immediate')
      returning 1
    )
    select (select count(*)::int from inserted) as told`);
  const [row] = rowsOf<{ told: number }>(result);
  return Number(row?.told ?? 0);
}
