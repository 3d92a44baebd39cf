// Writes a notification in the transaction of the change that causes it (docs/product-rules.md §8): one row per
// recipient in the in-app list, and, where the recipient's preferences allow, one e-mail in the outbox, which the
// delivery worker sends after the commit (delivery-worker.ts). A change that rolls back takes both with it, so
// nothing is told that did not happen; a repeated event (same kind, occurrence and recipient) is written once.
import { builtOncePerShape, type Companion, runAlone } from "@server/db/built-once";
import type { Executor } from "@server/db/client";
import { rowsOf } from "@server/lib/sql";
import {
  type AccountMailKind,
  categoryOf,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationKind,
  type SupervisorMailKind,
} from "@shared/domain/notifications";
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

/**
 * The statement that writes an event's notifications to `recipients` and their e-mails. Security mail always
 * goes; other categories follow the person's choice (on unless switched off); admins hear of new work by e-mail
 * as it happens only if they chose so, else in the daily digest (scheduler.ts).
 *
 * To every administrator it writes one notification with no user_id, whoever the admins are (ADR 0080): an apply
 * or an hour submission once wrote one row per admin, each with its index entries, a fifth of the write's time.
 * Only the admins who chose mail as it happens (admin_digest_settings) get an e-mail row each.
 *
 * The category is written into the text, not passed as a value: PostgreSQL plans a named statement once its
 * generic plan costs no more than the plans it made for each execution's values, and with the category a value
 * each execution's plan folded the category's conditions away and looked cheaper, so the notices to every
 * administrator (each apply and hour submission) were planned again every time, 0.5 ms a write (ADR 0055). One
 * text per category and recipient shape is planned once per connection.
 */
function notificationStatement(
  recipients: SQL | "admins",
  category: NotificationCategory,
  values: Record<keyof typeof NOTICE_PLACEHOLDERS, SQL | unknown>,
  companion?: SQL,
) {
  const { kind, title, body, link, data, keyPrefix, mailData } = values;
  // A category is one of a fixed list, never a request's text; checked all the same before it becomes SQL.
  if (!NOTIFICATION_CATEGORIES.includes(category))
    throw new Error(`Unknown notification category ${category}`);
  const categoryText = sql.raw(`'${category}'`);
  const mailFilter =
    category === "security"
      ? sql`true`
      : category === "review_queue"
        ? sql`coalesce(p.email, true) and coalesce(d.mode, 'daily') = 'immediate'`
        : sql`coalesce(p.email, true)`;
  // The review queue mails only the admins who chose mail as it happens, each with a row of admin_digest_settings
  // (the rest take the digest): the admins are found from those few rows instead of every user.
  const mailedAdmins =
    category === "review_queue"
      ? sql`cross join admin_digest_settings d join users u on u.id = d.user_id`
      : sql`cross join users u left join admin_digest_settings d on d.user_id = u.id`;
  const written =
    recipients === "admins"
      ? sql`
    inserted as (
      insert into notifications (user_id, kind, category, title, body, link, data, dedupe_key)
      values (null, ${kind}, ${categoryText}, ${title}, ${body}, ${link}, ${data}::jsonb, ${keyPrefix} || 'admins')
      on conflict (dedupe_key) do nothing
      returning id
    ),
    mailed as (
      insert into mail_outbox (notification_id, user_id, to_address, kind, category, subject, data, dedupe_key)
      select i.id, u.id, u.email, ${kind}, ${categoryText}, ${title}, ${mailData}::jsonb,
             'notification:' || i.id || ':' || u.id
      from inserted i ${mailedAdmins}
      left join notification_preferences p on p.user_id = u.id and p.category = ${categoryText}
      where u.role = 'admin' and ${mailFilter}
      returning 1
    )`
      : sql`
    recipients as (${recipients}),
    inserted as (
      insert into notifications (user_id, kind, category, title, body, link, data, dedupe_key)
      select r.id, ${kind}, ${categoryText}, ${title}, ${body}, ${link}, ${data}::jsonb,
             ${keyPrefix} || r.id
      from recipients r
      on conflict (dedupe_key) do nothing
      returning id, user_id
    ),
    mailed as (
      insert into mail_outbox (notification_id, user_id, to_address, kind, category, subject, data, dedupe_key)
      select i.id, i.user_id, u.email, ${kind}, ${categoryText}, ${title}, ${mailData}::jsonb,
             'notification:' || i.id
      from inserted i
      join users u on u.id = i.user_id
      left join notification_preferences p on p.user_id = i.user_id and p.category = ${categoryText}
      left join admin_digest_settings d on d.user_id = i.user_id
      where ${mailFilter}
      returning 1
    )`;
  return sql`
    with ${companion ? sql`companion as (${companion}),` : sql``}
    ${written}
    select (select count(*)::int from inserted) as told
      ${companion ? sql`, (select row_to_json(companion) from companion) as companion` : sql``}`;
}

const NOTICE_PLACEHOLDERS = {
  kind: sql.placeholder("kind"),
  title: sql.placeholder("title"),
  body: sql.placeholder("body"),
  link: sql.placeholder("link"),
  data: sql.placeholder("data"),
  keyPrefix: sql.placeholder("keyPrefix"),
  mailData: sql.placeholder("mailData"),
};

// The two recipients of nearly every event, built once per category (ADR 0051): every administrator, and one
// person.
const RECIPIENTS = {
  admins: "admins" as const,
  one: sql`select id from users where id = ${sql.placeholder("userId")}`,
};
const builtStatement = builtOncePerShape(
  ({
    recipients,
    category,
    companion,
  }: {
    recipients: keyof typeof RECIPIENTS;
    category: NotificationCategory;
    companion?: Companion;
  }) => `${recipients} ${category} ${companion?.key ?? ""}`,
  ({ recipients, category, companion }) =>
    notificationStatement(RECIPIENTS[recipients], category, NOTICE_PLACEHOLDERS, companion?.statement),
);

/**
 * Writes the event's notifications and e-mails; returns how many notifications were written (0 for a repeat; 1
 * for the admins' one notice, however many admins read it).
 */
export async function notify(tx: Executor, event: NotificationEvent): Promise<number> {
  return (await notifyWith(tx, event)).told;
}

/**
 * `notify`, with a companion statement (a timeline step) written in the same round trip (ADR 0066): the row the
 * companion returned comes back beside how many were told. Events to a list of people are rare and not built
 * once, so there the companion runs first in a statement of its own.
 */
export async function notifyWith(
  tx: Executor,
  event: NotificationEvent,
  companion?: Companion,
): Promise<{ told: number; companion: Record<string, unknown> | undefined }> {
  const category = categoryOf(event.kind);
  const values = {
    kind: event.kind,
    title: event.title,
    body: event.body,
    link: event.link,
    data: JSON.stringify(event.data ?? {}),
    keyPrefix: `${event.kind}:${event.occurrence}:`,
    mailData: JSON.stringify({
      ...(event.data ?? {}),
      title: event.title,
      body: event.body,
      link: event.link,
    }),
  };
  const { to } = event;
  if (to === "admins" || to.userIds.length === 1) {
    const shape = {
      recipients: to === "admins" ? ("admins" as const) : ("one" as const),
      category,
      companion,
    };
    const result = await builtStatement(shape)(tx, {
      ...values,
      ...(to === "admins" ? {} : { userId: to.userIds[0] }),
      ...companion?.values,
    });
    const [row] = rowsOf<{ told: number; companion?: Record<string, unknown> | null }>(result);
    return { told: Number(row?.told ?? 0), companion: row?.companion ?? undefined };
  }
  const companionRow = companion
    ? rowsOf<Record<string, unknown>>(await runAlone(tx, companion))[0]
    : undefined;
  const result = await tx.execute(
    notificationStatement(
      to.userIds.length === 0
        ? sql`select id from users where false`
        : sql`select id from users where id in (${sql.join(
            to.userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      category,
      values,
    ),
  );
  const [row] = rowsOf<{ told: number }>(result);
  return { told: Number(row?.told ?? 0), companion: companionRow };
}

export const ACCOUNT_MAIL_SUBJECTS: Record<AccountMailKind, string> = {
  password_reset: "Reset your Seva password",
  registration_password: "Your Seva temporary password",
  registration_attempt: "Someone tried to register with your address",
  sso_linked: "Your Seva account is now linked to your institution's sign-in",
};

export interface AccountMail {
  kind: AccountMailKind;
  userId: number;
  to: string;
  /** With the kind, the idempotency key: a second write of the same occurrence is ignored. */
  occurrence: string;
  /**
   * The password or reset link's secret the message carries. The delivery worker deletes it from the row once
   * the row is settled, and the admins' mail log never shows it (ADR 0033).
   */
  secret?: string;
  /** The institution's sign-in the account was linked to (its display name), for `sso_linked`. */
  provider?: string;
}

/**
 * Queues account mail in the caller's transaction: e-mail only (no in-app notification), always sent (security),
 * delivered by the worker like every other message. Returns false for a repeat.
 */
export async function queueAccountMail(tx: Executor, mail: AccountMail): Promise<boolean> {
  const data = JSON.stringify({
    ...(mail.secret === undefined ? {} : { secret: mail.secret }),
    ...(mail.provider === undefined ? {} : { provider: mail.provider }),
  });
  const result = await tx.execute(sql`
    insert into mail_outbox (user_id, to_address, kind, category, subject, data, dedupe_key)
    values (${mail.userId}, ${mail.to}, ${mail.kind}, 'security', ${ACCOUNT_MAIL_SUBJECTS[mail.kind]},
            ${data}::jsonb, ${`${mail.kind}:${mail.occurrence}`})
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length > 0;
}

/** What a supervisor's e-mail shows: who asks, for what, and the link (the row's secret until it is sent). */
export interface SupervisorMail {
  kind: SupervisorMailKind;
  to: string;
  /** With the kind, the idempotency key: the submission and the moment of sending. */
  occurrence: string;
  /** The verification link's token; the delivery worker deletes it once the row is settled (ADR 0038). */
  secret: string;
  supervisorName: string | null;
  student: string;
  opportunityTitle: string;
  hours: number;
  servedFrom: string;
  servedTo: string;
  description: string;
  /** When the link stops working (ISO). */
  expiresAt: string;
}

export function supervisorMailSubject(kind: SupervisorMailKind, student: string): string {
  return kind === "supervisor_request"
    ? `Please confirm ${student}'s volunteering hours`
    : `Reminder: please confirm ${student}'s volunteering hours`;
}

/**
 * Queues a supervisor's e-mail in the caller's transaction: no account, so no in-app notification and no
 * unsubscribe (user_id is null); delivered by the worker like every other message. Returns false for a repeat.
 */
export async function queueSupervisorMail(tx: Executor, mail: SupervisorMail): Promise<boolean> {
  const { kind, to, occurrence, ...data } = mail;
  const result = await tx.execute(sql`
    insert into mail_outbox (user_id, to_address, kind, category, subject, data, dedupe_key)
    values (null, ${to}, ${kind}, ${categoryOf(kind)}, ${supervisorMailSubject(kind, mail.student)},
            ${JSON.stringify(data)}::jsonb, ${`${kind}:${occurrence}`})
    on conflict (dedupe_key) do nothing
    returning id`);
  return rowsOf(result).length > 0;
}
