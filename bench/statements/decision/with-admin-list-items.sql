-- A price, not a plan: what keeping a read model of the admin's list items (the twenty-fifth pass's "each item
-- read prebuilt from a text column") would add to an approval. Each application's item, the JSON the admin's list
-- builds per row (admin-application-list.ts, as of session 48), is kept in a table of its own, rebuilt by a
-- statement trigger on every change of applications. The items of the hours under review exist before the
-- round's approvals, so each approval rebuilds and updates one.
CREATE TABLE admin_list_items (application_id integer PRIMARY KEY, item text NOT NULL);

CREATE FUNCTION seva_keep_admin_list_items() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO admin_list_items (application_id, item)
    SELECT p.id, json_build_object('id', "p"."id", 'userId', "p"."user_id", 'opportunityId', "p"."opportunity_id", 'status', "p"."status", 'appliedAt', to_char("p"."applied_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'completedAt', to_char("p"."completed_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'notes', "p"."notes", 'coinsAwarded', "p"."coins_awarded", 'hoursCompleted', "p"."hours_completed", 'submittedHours', "p"."submitted_hours", 'hourSubmissionDate', to_char("p"."hour_submission_date" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'adminFeedback', "p"."admin_feedback",
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
    from hour_submissions h where h.application_id = p.id and h.status = 'pending') end)::text
    FROM (SELECT a.*, u.first_name, u.last_name, u.email, o.title, o.type, o.status AS opportunity_status,
            o.coins_per_hour, o.max_coins, o.total_required_hours
          FROM new_rows a JOIN users u ON u.id = a.user_id JOIN opportunities o ON o.id = a.opportunity_id) p
    ON CONFLICT (application_id) DO UPDATE SET item = excluded.item;
  RETURN NULL;
END;
$fn$;

CREATE TRIGGER applications_keep_admin_list_items AFTER UPDATE ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_keep_admin_list_items();

-- The items of the first applications with hours under review (decision-cpu approves the first 20 by id), built
-- as the trigger builds them.
UPDATE applications SET status = status
  WHERE id IN (SELECT id FROM applications WHERE status = 'hours_submitted' ORDER BY id LIMIT 100);
