-- Setup for the hours-list variants (docs/performance.md, twenty-fifth pass). Run it on a COPY of the generated
-- data, never on data you keep: createdb -h 127.0.0.1 -U postgres -S file_copy -T seva_s10 seva_s10_x, then
-- psql -h 127.0.0.1 -U postgres seva_s10_x -f bench/statements/hours-list/setup.sql
-- It adds what the variants read: each pending submission's JSON as text (review_json on hour_submissions), the
-- same on its application, and the whole list item prebuilt as text (admin_json) for the first page's 100 rows.
-- Text, not json: the tables' row-level triggers compare rows, and json has no equality operator.
alter table hour_submissions add column review_json text;
update hour_submissions h set review_json = json_build_object(
    'hours', h.hours, 'servedFrom', h.served_from, 'servedTo', h.served_to, 'description', h.description,
    'reflection', h.reflection, 'id', h.id, 'submittedAt', to_char(h.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'verification', json_build_object('status', h.verification_status, 'supervisorName', h.supervisor_name,
      'sentAt', to_char(h.verification_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'verifiedAt', to_char(h.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'disputeReason', h.dispute_reason))::text
  where status = 'pending';
alter table applications add column review_json text;
update applications a set review_json = (select h.review_json from hour_submissions h
    where h.application_id = a.id and h.status = 'pending')
  where a.status = 'hours_submitted';
alter table applications add column admin_json text;
update applications a set admin_json = q.item from (select json_build_object('id', "p"."id", 'userId', "p"."user_id", 'opportunityId', "p"."opportunity_id", 'status', "p"."status", 'appliedAt', to_char("p"."applied_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'completedAt', to_char("p"."completed_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'notes', "p"."notes", 'coinsAwarded', "p"."coins_awarded", 'hoursCompleted', "p"."hours_completed", 'submittedHours', "p"."submitted_hours", 'hourSubmissionDate', to_char("p"."hour_submission_date" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'adminFeedback', "p"."admin_feedback",
	  'user', json_build_object('firstName', p.first_name, 'lastName', p.last_name, 'email', p.email),
	  'opportunity', json_build_object('id', p.opportunity_id, 'title', p.title, 'type', p.type,
	    'status', p.opportunity_status, 'coinsPerHour', p.coins_per_hour, 'maxCoins', p.max_coins,
	    'totalRequiredHours', p.total_required_hours),
	  'totalRequiredHours', p.total_required_hours,
	  'hoursUnderReview', case when p.status = 'hours_submitted' then (select json_build_object(
	    'hours', h.hours, 'servedFrom', h.served_from, 'servedTo', h.served_to, 'description', h.description,
	    'reflection', h.reflection, 'id', h.id, 'submittedAt', to_char(h.submitted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
	    'verification', json_build_object('status', h.verification_status, 'supervisorName', h.supervisor_name,
	      'sentAt', to_char(h.verification_sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'verifiedAt', to_char(h.verified_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
	      'disputeReason', h.dispute_reason))
	    from hour_submissions h where h.application_id = p.id and h.status = 'pending') end)::text as item, p.id as aid from (select "applications".*,
	      "users"."first_name" as first_name, "users"."last_name" as last_name, "users"."email" as email,
	      "opportunities"."title" as title, "opportunities"."type" as type, "opportunities"."status" as opportunity_status,
	      "opportunities"."coins_per_hour" as coins_per_hour, "opportunities"."max_coins" as max_coins,
	      "opportunities"."total_required_hours" as total_required_hours,
	      row_number() over (order by "applications"."applied_at" desc, "applications"."id" desc) as position
	    from "applications"
	    inner join "users" on "users"."id" = "applications"."user_id"
	    inner join "opportunities" on "opportunities"."id" = "applications"."opportunity_id"
	    where "applications"."status" = 'hours_submitted'
	    order by "applications"."applied_at" desc, "applications"."id" desc limit 100) p) q where a.id = q.aid;
vacuum analyze hour_submissions;
vacuum analyze applications;
