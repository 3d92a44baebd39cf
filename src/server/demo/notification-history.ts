// The demo's last three weeks as people were told them (issue 17): each event of the seeded history is written
// through the same event functions the services call (modules/notifications/events.ts), then dated to the moment
// it happened. Older ones are read, the last few days' wait unread, so a first `npm start` shows a bell with a
// count, a notifications page with a past, and an admin Mail Log of what would have been e-mailed.
import type { Transaction } from "@server/db/client";
import { applications, hourSubmissions, mailOutbox, notifications, opportunities } from "@server/db/schema";
import { and, eq, sql } from "drizzle-orm";
import {
  applicationDecided,
  applicationReceived,
  hoursApproved,
  hoursRejected,
  hoursSubmitted,
} from "../modules/notifications/events";

export const NOTIFICATION_HISTORY_DAYS = 21;
const DAY_MS = 86_400_000;
/** Notifications older than this were read (a day after they came); newer ones wait unread. */
const UNREAD_DAYS = 3;
/** The Mail Log keeps the last week of what would have been e-mailed. */
const MAIL_DAYS = 7;

/**
 * `featured`: the README's students, whose whole history is told (their first sign-in shows a past) and whose
 * two latest notifications wait unread, as if they had not looked since.
 */
export async function writeNotificationHistory(
  tx: Transaction,
  now: Date,
  featured: readonly number[],
): Promise<void> {
  const cutoff = new Date(now.getTime() - NOTIFICATION_HISTORY_DAYS * DAY_MS);
  const told = (userId: number, at: Date) => at >= cutoff || featured.includes(userId);
  const dated: { keyPrefix: string; at: Date }[] = [];

  const rows = await tx
    .select({ application: applications, opportunity: { id: opportunities.id, title: opportunities.title } })
    .from(applications)
    .innerJoin(opportunities, eq(opportunities.id, applications.opportunityId))
    .orderBy(applications.appliedAt, applications.id);
  const byId = new Map(rows.map((row) => [row.application.id, row]));
  for (const { application, opportunity } of rows) {
    if (told(application.userId, application.appliedAt)) {
      await applicationReceived(tx, application, opportunity);
      dated.push({ keyPrefix: `application_received:${application.id}:`, at: application.appliedAt });
      dated.push({ keyPrefix: `new_application:${application.id}:`, at: application.appliedAt });
    }
    const decided = application.status !== "pending";
    if (decided) {
      const status = application.status === "rejected" ? "rejected" : "accepted";
      // An application under way was accepted a day after it came (the seed's rhythm), a rejection when made.
      const at =
        status === "accepted"
          ? new Date(Math.min(application.appliedAt.getTime() + DAY_MS, application.updatedAt.getTime()))
          : application.updatedAt;
      if (!told(application.userId, at)) continue;
      await applicationDecided(tx, application, opportunity, status);
      dated.push({
        keyPrefix: `application_${status}:${application.id}@${application.updatedAt.getTime()}:`,
        at,
      });
    }
  }

  const submissions = await tx
    .select()
    .from(hourSubmissions)
    .orderBy(hourSubmissions.submittedAt, hourSubmissions.id);
  for (const submission of submissions) {
    const row = byId.get(submission.applicationId);
    if (!row || !told(row.application.userId, submission.reviewedAt ?? submission.submittedAt)) continue;
    const { application, opportunity } = row;
    if (submission.status === "pending") {
      await hoursSubmitted(tx, application, opportunity, submission.id, submission.hours);
      dated.push({ keyPrefix: `new_hours:${submission.id}:`, at: submission.submittedAt });
    } else if (submission.status === "approved" && submission.reviewedAt) {
      await hoursApproved(tx, application, opportunity, {
        submissionId: submission.id,
        hours: submission.hours,
        coinsAwarded: submission.coinsAwarded,
        badgesEarned: [],
      });
      dated.push({ keyPrefix: `hours_approved:${submission.id}:`, at: submission.reviewedAt });
    } else if (submission.status === "rejected" && submission.reviewedAt) {
      await hoursRejected(tx, application, opportunity, submission, submission.feedback ?? "");
      dated.push({ keyPrefix: `hours_rejected:${submission.id}:`, at: submission.reviewedAt });
    }
  }

  const unreadSince = new Date(now.getTime() - UNREAD_DAYS * DAY_MS);
  for (const { keyPrefix, at } of dated) {
    const pattern = `${keyPrefix}%`;
    await tx
      .update(notifications)
      .set({
        createdAt: at,
        // An admins' notice is read by each admin apart (below); its own read_at stays null.
        readAt: sql`case when ${notifications.userId} is null then null else ${at < unreadSince ? new Date(at.getTime() + DAY_MS) : null}::timestamptz end`,
      })
      .where(sql`${notifications.dedupeKey} like ${pattern}`);
  }
  // Every admin read the admins' notices of the older days, a day after they came.
  await tx.execute(sql`
    insert into admin_notice_reads (user_id, notification_id, read_at)
    select u.id, n.id, n.created_at + interval '1 day'
    from ${notifications} n cross join users u
    where n.user_id is null and u.role = 'admin' and n.created_at < ${unreadSince}
    on conflict do nothing`);
  for (const userId of featured) {
    await tx.execute(sql`
      update ${notifications} set read_at = null where id in (
        select id from ${notifications} where user_id = ${userId} order by created_at desc, id desc limit 2)`);
  }
  // The e-mails of that past were never sent (the demo had no mail server then): the Mail Log shows them as what
  // would have been sent, dated with their notification, and no worker will send them now.
  await tx.execute(sql`
    update ${mailOutbox} m set created_at = n.created_at, status = 'not_sent', next_attempt_at = n.created_at
    from ${notifications} n where m.notification_id = n.id`);
  const mailSince = new Date(now.getTime() - MAIL_DAYS * DAY_MS);
  await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.status, "not_sent"), sql`${mailOutbox.createdAt} < ${mailSince}`));
}
