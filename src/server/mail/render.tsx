// Renders an outbox row into the message that is sent: the subject, a text part and an HTML part, both from
// the same react-email element (render and render with plainText). Used by the delivery worker at sending
// time and by the admin mail log to show a message on demand.
import { render } from "@react-email/components";
import {
  ACCOUNT_MAIL_KINDS,
  type AccountMailKind,
  type NotificationCategory,
  type NotificationKind,
  SUPERVISOR_MAIL_KINDS,
  type SupervisorMailKind,
} from "@shared/domain/notifications";
import type { MailSite } from "./site";
import { AccountEmail } from "./templates/account-email";
import { DigestEmail, type DigestItem } from "./templates/digest-email";
import { NotificationEmail, readMailData } from "./templates/notification-email";
import { readSupervisorMailData, SupervisorEmail } from "./templates/supervisor-email";

export type { MailSite } from "./site";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface OutboxMessage {
  kind: NotificationKind | "digest";
  category: NotificationCategory;
  subject: string;
  data: Record<string, unknown>;
  /** The recipient: account mail names the address it concerns. */
  to: string;
}

function isAccountMail(kind: OutboxMessage["kind"]): kind is AccountMailKind {
  return (ACCOUNT_MAIL_KINDS as readonly string[]).includes(kind);
}

function isSupervisorMail(kind: OutboxMessage["kind"]): kind is SupervisorMailKind {
  return (SUPERVISOR_MAIL_KINDS as readonly string[]).includes(kind);
}

async function both(element: React.ReactElement, subject: string): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, text, html };
}

/**
 * One outbox row as a message. `unsubscribe` is the category's label and its one-click page (absent for
 * security mail, and for a row whose person no longer exists).
 */
export function renderOutboxMessage(
  message: OutboxMessage,
  site: MailSite,
  unsubscribe?: { categoryLabel: string; href: string },
): Promise<RenderedMail> {
  if (message.kind === "digest") {
    const items = Array.isArray(message.data.items) ? (message.data.items as DigestItem[]) : [];
    return renderDigest(items, site, unsubscribe, message.subject);
  }
  if (isAccountMail(message.kind)) {
    const secret = typeof message.data.secret === "string" ? message.data.secret : undefined;
    return both(
      <AccountEmail
        site={site}
        kind={message.kind}
        to={message.to}
        secret={secret}
        provider={typeof message.data.provider === "string" ? message.data.provider : undefined}
      />,
      message.subject,
    );
  }
  if (isSupervisorMail(message.kind)) {
    const secret = typeof message.data.secret === "string" ? message.data.secret : undefined;
    return both(
      <SupervisorEmail
        site={site}
        kind={message.kind}
        data={readSupervisorMailData(message.data)}
        secret={secret}
      />,
      message.subject,
    );
  }
  const data = readMailData(message.data);
  return both(
    <NotificationEmail site={site} kind={message.kind} data={data} unsubscribe={unsubscribe} />,
    message.subject,
  );
}

/** The admin digest of what waits (the scheduler writes it to the outbox as kind "digest" with these items). */
export function renderDigest(
  items: readonly DigestItem[],
  site: MailSite,
  unsubscribe?: { categoryLabel: string; href: string },
  subject?: string,
): Promise<RenderedMail> {
  const safeItems = items.filter(
    (item) =>
      typeof item?.title === "string" && typeof item.body === "string" && typeof item.link === "string",
  );
  return both(
    <DigestEmail site={site} items={safeItems} unsubscribe={unsubscribe} />,
    subject ?? `${safeItems.length} ${safeItems.length === 1 ? "item waits" : "items wait"} for your review`,
  );
}
