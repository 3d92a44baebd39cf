// The notifications no request causes (docs/product-rules.md §8): reminders, once each, and the admins' daily
// digest at 08:00 in the school's time zone, only when something waits. A pass runs every minute in every server
// process; each message's idempotency key (the notification's dedupe key, the digest's admin and date) makes the
// first process to write it the only one, and a restart simply runs the next pass: nothing is kept in memory.
import type { Database } from "@server/db/client";
import { maintainEmbedded } from "@server/db/embedded-maintenance";
import { inTransaction } from "@server/db/transaction";
import { rowsOf } from "@server/lib/sql";
import { digestSubject } from "@server/mail/site";
import { schoolMomentText } from "@shared/domain/event-dates";
import { VERIFICATION_REMINDER_DAYS } from "@shared/domain/limits";
import { sql } from "drizzle-orm";
import { compactApplicationDaily } from "../analytics/daily-compaction";
import { mailVerificationLink } from "../supervision/verification-mail";
import { expireOffers } from "../waitlist/waitlist.service";
import { notificationLinks } from "./events";
import { notify } from "./notify";

const DAY_MS = 86_400_000;
/** How long after acceptance, or after hours were rejected, a student is reminded. */
export const REMINDER_AFTER_DAYS = 7;
/**
 * How long after it fell due a reminder is still sent (ADR 0073): each pass reads one week of acceptances and
 * rejections, not the school's whole history of them, and a scheduler down for longer does not send reminders
 * weeks late.
 */
export const REMINDER_LOOK_BACK_DAYS = 7;
/** How long before an offered waiting-list place lapses its holder is reminded (docs/product-rules.md §8). */
export const OFFER_REMINDER_HOURS = 12;
/** The hour (school time) from which the day's digest goes. */
export const DIGEST_HOUR = 8;
/** Reminders written per pass at most, so one pass stays short on a large school. */
const BATCH = 200;
/** Opportunities a digest lists at most; the dashboard holds the rest. */
const DIGEST_ITEMS = 20;

/**
 * Accepted a week ago and no hours logged; hours rejected a week ago and nothing resubmitted; each within the
 * look-back after it fell due.
 */
export async function sendReminders(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REMINDER_AFTER_DAYS * DAY_MS).toISOString();
  const since = new Date(
    now.getTime() - (REMINDER_AFTER_DAYS + REMINDER_LOOK_BACK_DAYS) * DAY_MS,
  ).toISOString();
  let told = 0;
  const idle = await rowsOf<{ id: number; user_id: number; title: string }>(
    await db.execute(
      sql`select a.id, a.user_id, o.title from applications a join opportunities o on o.id = a.opportunity_id
        where a.status = 'accepted'
          and a.updated_at <= ${before}::timestamptz and a.updated_at > ${since}::timestamptz
          and not exists (select 1 from hour_submissions s where s.application_id = a.id)
          and not exists (select 1 from notifications n where n.dedupe_key = 'reminder_log_hours:' || a.id || ':' || a.user_id)
        order by a.updated_at limit ${BATCH}`,
    ),
  );
  for (const application of idle) {
    told += await notify(db, {
      kind: "reminder_log_hours",
      to: { userIds: [application.user_id] },
      title: "Time to log your hours",
      body: `You were accepted on “${application.title}” over a week ago, and no hours are logged yet. Once you have served, submit your hours from your dashboard to earn coins.`,
      link: notificationLinks.studentDashboard,
      data: { opportunityTitle: application.title },
      occurrence: String(application.id),
    });
  }
  const rejected = await rowsOf<{ id: number; user_id: number; title: string; hours: number }>(
    await db.execute(
      sql`select s.id, a.user_id, o.title, s.hours from hour_submissions s
        join applications a on a.id = s.application_id join opportunities o on o.id = a.opportunity_id
        where s.status = 'rejected'
          and s.reviewed_at <= ${before}::timestamptz and s.reviewed_at > ${since}::timestamptz
          and a.status in ('accepted', 'hours_approved')
          and not exists (select 1 from hour_submissions later where later.application_id = s.application_id
                          and later.submitted_at > s.submitted_at)
          and not exists (select 1 from notifications n where n.dedupe_key = 'reminder_resubmit_hours:' || s.id || ':' || a.user_id)
        order by s.reviewed_at limit ${BATCH}`,
    ),
  );
  for (const submission of rejected) {
    told += await notify(db, {
      kind: "reminder_resubmit_hours",
      to: { userIds: [submission.user_id] },
      title: "Your hours are waiting",
      body: `Over a week ago your ${submission.hours} hours on “${submission.title}” were sent back with feedback. Submit them again when they are ready.`,
      link: notificationLinks.studentDashboard,
      data: { opportunityTitle: submission.title, hours: submission.hours },
      occurrence: String(submission.id),
    });
  }
  const expiring = await rowsOf<{
    id: number;
    user_id: number;
    opportunity_id: number;
    title: string;
    offer_expires_at: string;
  }>(
    await db.execute(
      sql`select w.id, w.user_id, w.opportunity_id, o.title, w.offer_expires_at from waitlist_entries w
        join opportunities o on o.id = w.opportunity_id
        where w.status = 'offered' and w.offer_expires_at > ${now.toISOString()}::timestamptz
          and w.offer_expires_at <= ${new Date(now.getTime() + OFFER_REMINDER_HOURS * 3_600_000).toISOString()}::timestamptz
          and not exists (select 1 from notifications n where n.dedupe_key = 'reminder_waitlist_offer:' || w.id || ':' || w.user_id)
        order by w.offer_expires_at limit ${BATCH}`,
    ),
  );
  for (const offer of expiring) {
    const deadline = schoolMomentText(new Date(offer.offer_expires_at));
    told += await notify(db, {
      kind: "reminder_waitlist_offer",
      to: { userIds: [offer.user_id] },
      title: "Your offered place expires soon",
      body: `The place offered to you on “${offer.title}” is held until ${deadline}. Take it before then, or it passes to the next in line.`,
      link: notificationLinks.opportunity(offer.opportunity_id),
      data: { opportunityTitle: offer.title },
      occurrence: String(offer.id),
    });
  }
  return told;
}

/**
 * One reminder to the supervisor of each submission still waiting for them VERIFICATION_REMINDER_DAYS after the
 * link was (last) sent, with a new link (ADR 0038). Marking the reminder and queueing its mail are one transaction
 * conditioned on no reminder yet, so two processes' passes send it once.
 */
export async function sendSupervisorReminders(db: Database, now: Date, key: Buffer): Promise<number> {
  const before = new Date(now.getTime() - VERIFICATION_REMINDER_DAYS * DAY_MS).toISOString();
  const due = await rowsOf<{ id: number }>(
    await db.execute(
      sql`select s.id from hour_submissions s
        where s.verification_status = 'pending' and s.status = 'pending'
          and s.verification_sent_at <= ${before}::timestamptz and s.verification_reminded_at is null
        order by s.verification_sent_at limit ${BATCH}`,
    ),
  );
  let sent = 0;
  for (const { id } of due) {
    await inTransaction(db, async (tx) => {
      const marked = await rowsOf<{ id: number }>(
        await tx.execute(
          sql`update hour_submissions set verification_reminded_at = ${now.toISOString()}::timestamptz
            where id = ${id} and verification_status = 'pending' and status = 'pending'
              and verification_reminded_at is null
            returning id`,
        ),
      );
      if (marked.length === 0) return;
      await mailVerificationLink(tx, key, id, "supervisor_reminder", now);
      sent += 1;
    });
  }
  return sent;
}

/** The date and hour of `now` in the time zone, e.g. { date: "2026-11-25", hour: 8 }. */
export function schoolTime(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

/** The admins who take the daily digest (the default) and have not switched its category's mail off. */
const digestRecipients = sql`from users u
  left join admin_digest_settings d on d.user_id = u.id
  left join notification_preferences p on p.user_id = u.id and p.category = 'review_queue'
  where u.role = 'admin' and coalesce(d.mode, 'daily') = 'daily' and coalesce(p.email, true)`;

/** A digest's idempotency key is this and the admin's id: one a day each. */
const digestKeyPrefix = (date: string) => `digest:${date}:`;

/**
 * From 08:00 school time, one digest per admin who chose it (the default) and did not switch the category's
 * mail off, listing the opportunities with applications or hours waiting; none when nothing waits.
 */
export async function sendAdminDigests(db: Database, now: Date, timeZone: string): Promise<number> {
  const { date, hour } = schoolTime(now, timeZone);
  if (hour < DIGEST_HOUR) return 0;
  // Every pass from 08:00 to midnight asks; once each recipient has today's digest, the answer is a few index
  // probes instead of counting every application that waits (85–200 ms a minute at ten times the school,
  // docs/performance.md, eighteenth pass).
  const [due] = rowsOf<{ due: boolean }>(
    await db.execute(
      sql`select exists (select 1 ${digestRecipients}
        and not exists (select 1 from mail_outbox m where m.dedupe_key = ${digestKeyPrefix(date)} || u.id)) as due`,
    ),
  );
  if (!due?.due) return 0;
  const waiting = await rowsOf<{ id: number; title: string; applications: number; hours: number }>(
    await db.execute(
      sql`select o.id, o.title,
          count(*) filter (where a.status = 'pending')::int as applications,
          count(*) filter (where a.status = 'hours_submitted')::int as hours
        from applications a join opportunities o on o.id = a.opportunity_id
        where a.status in ('pending', 'hours_submitted')
        group by o.id, o.title
        order by count(*) desc, o.id limit ${DIGEST_ITEMS}`,
    ),
  );
  if (waiting.length === 0) return 0;
  const items = waiting.map((row) => {
    const parts = [
      row.applications > 0
        ? `${row.applications} ${row.applications === 1 ? "application" : "applications"}`
        : "",
      row.hours > 0 ? `${row.hours} ${row.hours === 1 ? "hour submission" : "hour submissions"}` : "",
    ].filter(Boolean);
    return {
      title: row.title,
      body: `${parts.join(" and ")} waiting`,
      link: notificationLinks.applicationsOf(row.id, row.applications > 0 ? "pending" : "hours_submitted"),
    };
  });
  const total = waiting.reduce((sum, row) => sum + row.applications + row.hours, 0);
  const data = JSON.stringify({ items, title: digestSubject(total), body: "", link: "/admin" });
  const written = await rowsOf<{ id: number }>(
    await db.execute(
      sql`insert into mail_outbox (user_id, to_address, kind, category, subject, data, dedupe_key)
        select u.id, u.email, 'digest', 'review_queue', ${digestSubject(total)}, ${data}::jsonb,
               ${digestKeyPrefix(date)} || u.id
        ${digestRecipients}
        on conflict (dedupe_key) do nothing
        returning id`,
    ),
  );
  return written.length;
}

export interface SchedulerOptions {
  db: Database;
  /** The school's time zone for the digest hour (the process's own by default: TZ). */
  timeZone?: string;
  now?: () => Date;
  /** Signs the new links of supervisors' reminders (supervision/verification-link.ts); none sent without it. */
  verificationKey?: Buffer;
  intervalMs?: number;
  log?: { warn(object: object, message: string): void };
  /** The database is the embedded one, which no autovacuum looks after (embedded-maintenance.ts). */
  embedded?: boolean;
}

/**
 * Lapses waiting-list offers, runs the reminders and the digest every minute until stopped; folds the analytics'
 * finished days, and on the embedded database vacuums and analyses it once a night.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: SchedulerOptions) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running ??= this.runOnce()
        .catch((error) => this.options.log?.warn({ err: error }, "scheduled notifications failed"))
        .finally(() => {
          this.running = undefined;
        });
    };
    this.timer = setInterval(tick, this.options.intervalMs ?? 60_000);
    this.timer.unref();
    tick();
  }

  async runOnce(): Promise<void> {
    const now = this.options.now?.() ?? new Date();
    const timeZone = this.options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Lapsed offers first: their places go to the next in line, whose offers the reminders then leave alone.
    await expireOffers(this.options.db, now);
    await sendReminders(this.options.db, now);
    if (this.options.verificationKey)
      await sendSupervisorReminders(this.options.db, now, this.options.verificationKey);
    await sendAdminDigests(this.options.db, now, timeZone);
    // Not a notification, but the same every-minute pass: yesterday's analytics counts folded (ADR 0042).
    await compactApplicationDaily(this.options.db, now);
    // Nor this: the embedded database's nightly vacuum and analyse, which autovacuum does on PostgreSQL.
    if (this.options.embedded) await maintainEmbedded(this.options.db, schoolTime(now, timeZone));
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
