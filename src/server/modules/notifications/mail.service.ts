// E-mail of notifications, apart from delivery (delivery-worker.ts): each person's choices, the one-click
// unsubscribe, and the admins' mail log. Queries name the person or are admin-only at the route.
import type { Database, Executor } from "@server/db/client";
import { adminDigestSettings, mailOutbox, notificationPreferences } from "@server/db/schema";
import { badRequest, notFound } from "@server/errors";
import { countAll, toIso } from "@server/lib/sql";
import type { RenderedMail } from "@server/mail/render";
import type { MailSite } from "@server/mail/site";
import {
  createUnsubscribeToken,
  readUnsubscribeToken,
  unsubscribeLinks,
} from "@server/mail/unsubscribe-token";
import type {
  MailLogEntry,
  MailLogStatus,
  MailPreferences,
  MailPreferencesUpdate,
} from "@shared/contract/mail";
import type { Role } from "@shared/domain/enums";
import {
  ADMIN_CATEGORIES,
  type AdminDigestMode,
  CATEGORY_LABELS,
  type NotificationCategory,
  STUDENT_CATEGORIES,
} from "@shared/domain/notifications";
import { and, desc, eq, sql } from "drizzle-orm";

/** The categories a person may switch: students hear of their own work, admins of what waits for them. */
export function categoriesFor(role: Role): readonly NotificationCategory[] {
  return role === "admin" ? ADMIN_CATEGORIES : STUDENT_CATEGORIES;
}

export async function readPreferences(
  db: Database,
  user: { id: number; role: Role },
): Promise<MailPreferences> {
  const [choices, [digest]] = await Promise.all([
    db
      .select({ category: notificationPreferences.category, email: notificationPreferences.email })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id)),
    db
      .select({ mode: adminDigestSettings.mode })
      .from(adminDigestSettings)
      .where(eq(adminDigestSettings.userId, user.id)),
  ]);
  const chosen = new Map(choices.map((choice) => [choice.category, choice.email]));
  return {
    categories: categoriesFor(user.role).map((category) => ({
      category,
      label: CATEGORY_LABELS[category],
      // No row: e-mail is on (docs/product-rules.md §8).
      email: chosen.get(category) ?? true,
    })),
    digest: user.role === "admin" ? (digest?.mode ?? "daily") : null,
  };
}

/** Sets one category's e-mail for a person (an upsert: a missing row means on). */
async function setEmail(db: Executor, userId: number, category: NotificationCategory, email: boolean) {
  await db
    .insert(notificationPreferences)
    .values({ userId, category, email })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { email },
    });
}

export async function updatePreferences(
  db: Database,
  user: { id: number; role: Role },
  update: MailPreferencesUpdate,
): Promise<MailPreferences> {
  const allowed = categoriesFor(user.role);
  const changes = Object.entries(update.email ?? {}).filter(
    (entry): entry is [NotificationCategory, boolean] => entry[1] !== undefined,
  );
  const foreign = changes.filter(([category]) => !allowed.includes(category)).map(([category]) => category);
  if (foreign.length > 0) {
    throw badRequest("These e-mail categories do not concern you", {
      email: [`Not yours to choose: ${foreign.join(", ")}`],
    });
  }
  if (update.digest !== undefined && user.role !== "admin") {
    throw badRequest("Only administrators choose a digest", { digest: ["Only for administrators"] });
  }
  await db.transaction(async (tx) => {
    for (const [category, email] of changes) await setEmail(tx, user.id, category, email);
    if (update.digest !== undefined) {
      const mode: AdminDigestMode = update.digest;
      await tx
        .insert(adminDigestSettings)
        .values({ userId: user.id, mode })
        .onConflictDoUpdate({ target: adminDigestSettings.userId, set: { mode } });
    }
  });
  return readPreferences(db, user);
}

const INVALID_TOKEN = "This unsubscribe link is not valid. Choose your e-mail in Profile → Settings instead.";

/** Turns off the e-mail the token names; refuses a malformed or tampered token, changing nothing. */
export async function unsubscribe(
  db: Database,
  secret: string,
  token: string,
): Promise<{ category: NotificationCategory; label: string }> {
  const claim = readUnsubscribeToken(secret, token);
  if (!claim) throw badRequest(INVALID_TOKEN);
  // Only for a person who still exists (a removed account has nothing left to stop).
  await db.execute(sql`
    insert into notification_preferences (user_id, category, email)
    select id, ${claim.category}, false from users where id = ${claim.userId}
    on conflict (user_id, category) do update set email = false`);
  return { category: claim.category, label: CATEGORY_LABELS[claim.category] };
}

/** What an unsubscribe token would turn off, for the confirmation page; undefined when it is not valid. */
export function describeUnsubscribe(secret: string, token: string): { label: string } | undefined {
  const claim = readUnsubscribeToken(secret, token);
  return claim ? { label: CATEGORY_LABELS[claim.category] } : undefined;
}

const logColumns = {
  id: mailOutbox.id,
  to: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  kind: mailOutbox.kind,
  category: mailOutbox.category,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
};

type LogRow = { [K in keyof typeof logColumns]: (typeof logColumns)[K]["_"]["data"] } & {
  sentAt: Date | null;
  lastError: string | null;
};

function toEntry(row: LogRow): MailLogEntry {
  return {
    ...row,
    createdAt: toIso(row.createdAt),
    sentAt: toIso(row.sentAt),
    nextAttemptAt: toIso(row.nextAttemptAt),
  };
}

export async function listMail(
  db: Database,
  query: { status?: MailLogStatus | undefined; limit: number; offset: number },
): Promise<{ messages: MailLogEntry[]; total: number }> {
  const where = query.status ? eq(mailOutbox.status, query.status) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(logColumns)
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: countAll() }).from(mailOutbox).where(where),
  ]);
  return { messages: rows.map((row) => toEntry(row as LogRow)), total: count?.total ?? 0 };
}

/** One message as it is (or would be) sent, rendered now from its row. */
export async function readMail(
  db: Database,
  id: number,
  site: MailSite,
  secret: string,
): Promise<MailLogEntry & Pick<RenderedMail, "text" | "html">> {
  const [row] = await db
    .select({ ...logColumns, userId: mailOutbox.userId, data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id)));
  if (!row) throw notFound("No such message");
  const unsubscribe =
    row.category !== "security" && row.userId !== null
      ? {
          categoryLabel: CATEGORY_LABELS[row.category],
          href: unsubscribeLinks(site.publicUrl, createUnsubscribeToken(secret, row.userId, row.category))
            .page,
        }
      : undefined;
  // A secret still in the row (not yet sent) is for its recipient only, never for the admin reading the log.
  const { secret: _secret, ...data } = row.data;
  // Loaded at the first message shown: react-email stays out of a process that never renders one (ADR 0044).
  const { renderOutboxMessage } = await import("@server/mail/render");
  const rendered = await renderOutboxMessage({ ...row, data }, site, unsubscribe);
  const { userId: _userId, data: _data, ...entry } = row;
  return { ...toEntry(entry as LogRow), text: rendered.text, html: rendered.html };
}
