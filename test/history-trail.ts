// What a generated history (history-generator.ts) would have left behind in a school that lived it: each
// application's timeline steps, the students' notifications of every decision and the reminders they were sent,
// with their e-mails, and the administrators' notices of the last month's new work. Written in a few statements
// straight from the applications and hour submissions, so the benchmarks' data holds these tables at a school's
// size and with its statistics: a write then pays what it would pay there (an index of a notification table that
// already holds a school's rows, foreign keys checked against it) instead of writing into tables that started
// empty.

import type { Database } from "@server/db/client";
import { REMINDER_AFTER_DAYS } from "@server/modules/notifications/scheduler";
import { sql } from "drizzle-orm";

/** The administrators' notices of new applications and hours reach back this far (each is one row per admin). */
const ADMIN_NOTICE_DAYS = 30;
/** Notifications older than this were read a day after they came; newer ones wait unread. */
const UNREAD_DAYS = 3;

export async function generateTrail(db: Database): Promise<void> {
  await db.execute(sql`
    insert into application_events (application_id, kind, actor, actor_id, actor_name, at, hours, coins, hour_submission_id)
    select step.* from applications a
    join users s on s.id = a.user_id
    join opportunities o on o.id = a.opportunity_id
    join users c on c.id = o.created_by
    cross join lateral (
      select a.id, 'applied', 'student', a.user_id, s.first_name || ' ' || s.last_name, a.applied_at,
             null::float8, null::int, null::int
      union all
      select a.id, case when a.status = 'rejected' then 'rejected' else 'accepted' end, 'admin', c.id,
             c.first_name || ' ' || c.last_name, least(a.applied_at + interval '1 day', now()), null, null, null
      where a.status not in ('pending', 'withdrawn')
      union all
      select a.id, 'completed', 'admin', c.id, c.first_name || ' ' || c.last_name, a.completed_at, null, null, null
      where a.status = 'completed'
    ) as step`);
  await db.execute(sql`
    insert into application_events (application_id, kind, actor, actor_id, actor_name, at, hours, coins, hour_submission_id)
    select h.application_id, step.kind, step.actor, step.actor_id, step.actor_name, step.at, h.hours, step.coins, h.id
    from hour_submissions h
    join applications a on a.id = h.application_id
    join users s on s.id = a.user_id
    left join users r on r.id = h.reviewed_by
    cross join lateral (
      select 'hours_submitted' as kind, 'student' as actor, a.user_id as actor_id,
             s.first_name || ' ' || s.last_name as actor_name, h.submitted_at as at, null::int as coins
      union all
      select 'hours_approved', 'admin', r.id, r.first_name || ' ' || r.last_name, h.reviewed_at, h.coins_awarded
      where h.status = 'approved'
    ) as step`);

  // The students' notifications and reminders, with the keys the services give them (notify.ts), so a later
  // write of the same kind never collides with one of these.
  await db.execute(sql`
    insert into notifications (user_id, kind, category, title, body, link, data, dedupe_key, created_at, read_at)
    select t.user_id, t.kind, t.category, t.title, t.title || ': ' || o.title, '/dashboard',
           jsonb_build_object('opportunityTitle', o.title), t.kind || ':' || t.occurrence || ':' || t.user_id, t.at,
           case when t.at < now() - make_interval(days => ${UNREAD_DAYS}) then t.at + interval '1 day' end
    from (
      select a.user_id, a.opportunity_id, 'application_received' as kind, 'applications' as category,
             'Application received' as title, a.id::text as occurrence, a.applied_at as at
      from applications a
      union all
      select a.user_id, a.opportunity_id, 'application_' || e.kind, 'applications',
             case when e.kind = 'rejected' then 'Application not accepted'
                  when e.kind = 'completed' then 'Opportunity completed' else 'Application accepted' end,
             a.id || '@' || (extract(epoch from e.at) * 1000)::bigint, e.at
      from application_events e join applications a on a.id = e.application_id
      where e.kind in ('accepted', 'rejected', 'completed')
      union all
      select a.user_id, a.opportunity_id, 'hours_approved', 'hours', 'Hours approved', h.id::text, h.reviewed_at
      from hour_submissions h join applications a on a.id = h.application_id
      where h.status = 'approved'
      -- The reminders the scheduler sent a week after each idle acceptance and each rejection of hours not
      -- resubmitted (the conditions of scheduler.ts's sendReminders). Without them a server started on this data
      -- spends its first hours catching up, 200 reminders a minute (68,000 at ten times the school), inside
      -- whatever is measured.
      union all
      select a.user_id, a.opportunity_id, 'reminder_log_hours', 'reminders', 'Time to log your hours', a.id::text,
             a.updated_at + make_interval(days => ${REMINDER_AFTER_DAYS})
      from applications a
      where a.status = 'accepted' and a.updated_at <= now() - make_interval(days => ${REMINDER_AFTER_DAYS})
        and not exists (select 1 from hour_submissions s where s.application_id = a.id)
      union all
      select a.user_id, a.opportunity_id, 'reminder_resubmit_hours', 'reminders', 'Your hours are waiting',
             s.id::text, s.reviewed_at + make_interval(days => ${REMINDER_AFTER_DAYS})
      from hour_submissions s join applications a on a.id = s.application_id
      where s.status = 'rejected' and s.reviewed_at <= now() - make_interval(days => ${REMINDER_AFTER_DAYS})
        and a.status in ('accepted', 'hours_approved')
        and not exists (select 1 from hour_submissions later where later.application_id = s.application_id
                        and later.submitted_at > s.submitted_at)
    ) as t
    join opportunities o on o.id = t.opportunity_id`);
  await db.execute(sql`
    insert into mail_outbox (notification_id, user_id, to_address, kind, category, subject, data, dedupe_key,
                             status, attempts, created_at, next_attempt_at, sent_at)
    select n.id, n.user_id, u.email, n.kind, n.category, n.title, n.data, 'notification:' || n.id,
           'sent', 1, n.created_at, n.created_at, n.created_at
    from notifications n join users u on u.id = n.user_id`);

  // Every administrator heard of each new application and each hour submission of the last month.
  await db.execute(sql`
    insert into notifications (user_id, kind, category, title, body, link, data, dedupe_key, created_at, read_at)
    select admin.id, t.kind, 'review_queue', t.title, t.title || ': ' || o.title,
           '/admin/applications/' || o.id, jsonb_build_object('opportunityTitle', o.title),
           t.kind || ':' || t.occurrence || ':' || admin.id, t.at,
           case when t.at < now() - make_interval(days => ${UNREAD_DAYS}) then t.at + interval '1 day' end
    from (
      select a.opportunity_id, 'new_application' as kind, 'New application' as title, a.id::text as occurrence,
             a.applied_at as at
      from applications a where a.applied_at > now() - make_interval(days => ${ADMIN_NOTICE_DAYS})
      union all
      select a.opportunity_id, 'new_hours', 'Hours to review', h.id::text, h.submitted_at
      from hour_submissions h join applications a on a.id = h.application_id
      where h.submitted_at > now() - make_interval(days => ${ADMIN_NOTICE_DAYS})
    ) as t
    join opportunities o on o.id = t.opportunity_id
    cross join users admin where admin.role = 'admin'`);
}
