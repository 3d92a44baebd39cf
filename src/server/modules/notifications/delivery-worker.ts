// Delivers the mail outbox (docs/product-rules.md §8, ADR 0031). A loop, every second and at once when woken,
// claims due rows with FOR UPDATE SKIP LOCKED in one short statement (so several server processes on one
// PostgreSQL never take the same row, and PGlite's single connection is never held), renders each one and hands
// it to the SMTP server with a stable Message-ID. Sent rows are marked by id and claim; a refusal schedules a
// retry with exponential backoff (30 s doubling, at most an hour) until a day after the row was written, then
// the row is failed for the admins' mail log. Nothing here touches the change that caused the mail.
// Without an SMTP server, pending rows are marked not_sent: the admin mail log shows what would have gone.
// A row's secret (a temporary password, a reset link: account mail, ADR 0033) is deleted from it once the row is
// settled, sent or given up, so the outbox keeps no key to anyone's account.
import type { Database } from "@server/db/client";
import { rowsOf } from "@server/lib/sql";
import type { Mailer } from "@server/mail/mailer";
import type { MailSite } from "@server/mail/site";
import { createUnsubscribeToken, unsubscribeLinks } from "@server/mail/unsubscribe-token";
import {
  CATEGORY_LABELS,
  type NotificationCategory,
  type NotificationKind,
} from "@shared/domain/notifications";
import { sql } from "drizzle-orm";

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How long a claim holds a row: a worker that crashed mid-send frees it after this. */
export const CLAIM_MS = 2 * 60_000;
export const NOT_CONFIGURED = "Not sent: no mail server is configured (SMTP_URL is unset)";

/** The wait before attempt n + 1, after n attempts failed: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliveryWorkerOptions {
  db: Database;
  /** Absent: no SMTP server, rows become not_sent. */
  mailer: Mailer | undefined;
  site: MailSite;
  /** Signs the unsubscribe tokens (the session secret). */
  secret: string;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  intervalMs?: number;
  batchSize?: number;
  log?: { warn(object: object, message: string): void };
}

interface ClaimedRow {
  id: number;
  user_id: number | null;
  to_address: string;
  kind: NotificationKind | "digest";
  category: NotificationCategory;
  subject: string;
  data: Record<string, unknown>;
  attempts: number;
  created_at: string | Date;
}

/** The Message-ID of an outbox row: the same for every attempt, so a receiving server can drop a repeat. */
export function messageIdOf(outboxId: number, publicUrl: string): string {
  return `<seva-outbox-${outboxId}@${new URL(publicUrl).hostname}>`;
}

export class DeliveryWorker {
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** Not started, or stopped: no pass is scheduled. */
  private stopped = true;
  /** stop() was called: a pass under way ends after its batch. */
  private stopping = false;
  private wakeAgain = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.wake();
  }

  /** Runs a pass now (after the one under way, if any). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.runOnce()
      .then(() => undefined)
      .catch((error) => this.options.log?.warn({ err: error }, "mail delivery pass failed"))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => this.wake(), this.options.intervalMs ?? 1_000);
        this.timer.unref();
      });
  }

  /** Stops the loop and waits for a pass under way (a message being sent is finished, not abandoned). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: delivers every due row (batch by batch); returns how many rows it settled. */
  async runOnce(): Promise<number> {
    const { db, mailer } = this.options;
    if (!mailer) {
      const rows = await rowsOf<{ id: number }>(
        await db.execute(
          sql`update mail_outbox set status = 'not_sent', last_error = ${NOT_CONFIGURED}, locked_until = null,
              data = data - 'secret'
            where status = 'pending' returning id`,
        ),
      );
      return rows.length;
    }
    let settled = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return settled;
      for (const row of claimed) {
        await this.deliver(row);
        settled += 1;
      }
      if (this.stopping) return settled;
    }
  }

  /** Takes due rows for this worker: one statement, so its row locks last only as long as it does. */
  private async claim(): Promise<ClaimedRow[]> {
    const now = this.now();
    const until = new Date(now.getTime() + CLAIM_MS);
    return rowsOf<ClaimedRow>(
      await this.options.db.execute(
        sql`update mail_outbox set locked_until = ${until.toISOString()}, attempts = attempts + 1
          where id in (
            select id from mail_outbox
            where status = 'pending' and next_attempt_at <= ${now.toISOString()}
              and (locked_until is null or locked_until < ${now.toISOString()})
            order by next_attempt_at, id
            limit ${this.options.batchSize ?? 10}
            for update skip locked)
          returning id, user_id, to_address, kind, category, subject, data, attempts, created_at`,
      ),
    );
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    const { db, mailer, site, secret } = this.options;
    if (!mailer) return;
    try {
      const token =
        row.category !== "security" && row.user_id !== null
          ? createUnsubscribeToken(secret, row.user_id, row.category)
          : undefined;
      const links = token ? unsubscribeLinks(site.publicUrl, token) : undefined;
      // Loaded at the first message: a process that sends none never loads react-email (ADR 0044).
      const { renderOutboxMessage } = await import("@server/mail/render");
      const rendered = await renderOutboxMessage(
        { kind: row.kind, category: row.category, subject: row.subject, data: row.data, to: row.to_address },
        site,
        links ? { categoryLabel: CATEGORY_LABELS[row.category], href: links.page } : undefined,
      );
      await mailer.send({
        to: row.to_address,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: messageIdOf(row.id, site.publicUrl),
        ...(links
          ? {
              headers: {
                "List-Unsubscribe": `<${links.oneClick}>`,
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
              },
            }
          : {}),
      });
      await db.execute(sql`
        update mail_outbox set status = 'sent', sent_at = ${this.now().toISOString()}, locked_until = null,
               last_error = null, data = data - 'secret'
        where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);
    } catch (error) {
      const now = this.now();
      const next = new Date(now.getTime() + retryDelayMs(row.attempts));
      const giveUp = next.getTime() > new Date(row.created_at).getTime() + GIVE_UP_AFTER_MS;
      const message = describeFailure(error);
      await db.execute(sql`
        update mail_outbox
        set status = ${giveUp ? "failed" : "pending"}, next_attempt_at = ${next.toISOString()},
            locked_until = null, last_error = ${message},
            data = case when ${giveUp}::boolean then data - 'secret' else data end
        where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`);
      this.options.log?.warn({ outboxId: row.id, attempts: row.attempts, giveUp }, "mail delivery failed");
    }
  }
}

/** What the admins read in the mail log: the server's reply, never the message or the SMTP credentials. */
function describeFailure(error: unknown): string {
  if (error && typeof error === "object") {
    const { responseCode, response, code, message } = error as {
      responseCode?: number;
      response?: string;
      code?: string;
      message?: string;
    };
    if (response) return `${responseCode ?? ""} ${response}`.trim().slice(0, 500);
    return `${code ?? "error"}: ${message ?? "unknown"}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
