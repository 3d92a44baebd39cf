CREATE TABLE "application_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_counts_status_shard_pk" PRIMARY KEY("status","shard")
);

--> statement-breakpoint
-- Applications per status across the school (ADR 0062): the admin lists' totals without an opportunity (the
-- dashboard's queues and the applications page) summed over at most 64 rows a status instead of over every
-- opportunity's totals, 0.4 ms a request at 5,000 opportunities. Kept in seva_count_application_changes, which every
-- statement on applications already runs, so a change still runs one trigger per statement; the rest of the function
-- is as 0019 left it. A status set is read exactly, hours_approved apart from completed, which opportunity_totals
-- counts together.
CREATE OR REPLACE FUNCTION seva_count_application_changes(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Each change's opportunity is looked up by key (see above). A change whose opportunity is gone (being
  -- deleted) has no type and is left out: its applications leave with its rows, and its days' counts were taken
  -- out before it went (seva_opportunity_leaving). The lock order is 0014's: totals, days, student, community.
  INSERT INTO opportunity_totals AS t (opportunity_id, applications, pending, accepted, hours_submitted, completed,
      rejected, withdrawn, completed_hours)
    SELECT x.* FROM (
      SELECT d.opportunity_id, sum(d.sign)::int AS applications,
        coalesce(sum(d.sign) FILTER (WHERE d.status = 'pending'), 0)::int AS pending,
        coalesce(sum(d.sign) FILTER (WHERE d.status = 'accepted'), 0)::int AS accepted,
        coalesce(sum(d.sign) FILTER (WHERE d.status = 'hours_submitted'), 0)::int AS hours_submitted,
        coalesce(sum(d.sign) FILTER (WHERE d.status IN ('hours_approved', 'completed')), 0)::int AS completed,
        coalesce(sum(d.sign) FILTER (WHERE d.status = 'rejected'), 0)::int AS rejected,
        coalesce(sum(d.sign) FILTER (WHERE d.status = 'withdrawn'), 0)::int AS withdrawn,
        coalesce(sum(d.sign * d.hours), 0) AS completed_hours
      FROM (
        SELECT c.*, (SELECT o.type FROM opportunities o WHERE o.id = c.opportunity_id) AS type
        FROM jsonb_to_recordset(changes) AS c(user_id int, opportunity_id int, status text, hours numeric,
          applied_at timestamptz, sign int)) d
      WHERE d.type IS NOT NULL
      GROUP BY d.opportunity_id) x
    WHERE (x.applications, x.pending, x.accepted, x.hours_submitted, x.completed, x.rejected, x.withdrawn,
           x.completed_hours) IS DISTINCT FROM (0, 0, 0, 0, 0, 0, 0, 0::numeric)
    ORDER BY 1
    ON CONFLICT (opportunity_id) DO UPDATE SET
      applications = t.applications + excluded.applications, pending = t.pending + excluded.pending,
      accepted = t.accepted + excluded.accepted, hours_submitted = t.hours_submitted + excluded.hours_submitted,
      completed = t.completed + excluded.completed, rejected = t.rejected + excluded.rejected,
      withdrawn = t.withdrawn + excluded.withdrawn, completed_hours = t.completed_hours + excluded.completed_hours;
  INSERT INTO application_daily AS t (day, type, shard, applications, completed)
    SELECT x.* FROM (
      SELECT seva_school_day(d.applied_at) AS day, d.type, seva_daily_shard(d.user_id) AS shard,
        sum(d.sign)::int AS applications,
        coalesce(sum(d.sign) FILTER (WHERE d.status IN ('hours_approved', 'completed')), 0)::int AS completed
      FROM (
        SELECT c.*, (SELECT o.type FROM opportunities o WHERE o.id = c.opportunity_id) AS type
        FROM jsonb_to_recordset(changes) AS c(user_id int, opportunity_id int, status text, applied_at timestamptz,
          sign int)) d
      WHERE d.type IS NOT NULL
      GROUP BY 1, 2, 3) x
    WHERE x.applications <> 0 OR x.completed <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (day, type, shard) DO UPDATE SET
      applications = t.applications + excluded.applications, completed = t.completed + excluded.completed;
  -- Users are looked up the same way; a user being deleted gets no new row.
  INSERT INTO student_totals AS t (user_id, completed)
    SELECT d.user_id, sum(d.sign)::int
    FROM jsonb_to_recordset(changes) AS d(user_id int, status text, sign int)
    WHERE d.status IN ('hours_approved', 'completed')
      AND (SELECT true FROM users u WHERE u.id = d.user_id)
    GROUP BY d.user_id HAVING sum(d.sign) <> 0 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET completed = t.completed + excluded.completed;
  -- A user becomes active with their first application and stops being so with their last one gone.
  UPDATE community_totals c SET projects_completed = c.projects_completed + x.completed,
      active_students = c.active_students + x.active
    FROM (
      SELECT p.user_id % 16 AS shard, sum(p.completed)::int AS completed, sum(
        CASE WHEN p.net = 0 THEN 0 ELSE (
          SELECT CASE WHEN count(*) > 0 AND count(*) = p.net THEN 1
                      WHEN count(*) = 0 AND p.net < 0 THEN -1 ELSE 0 END
          FROM applications a WHERE a.user_id = p.user_id) END)::int AS active
      FROM (
        SELECT d.user_id, sum(d.sign) AS net,
          coalesce(sum(d.sign) FILTER (WHERE d.status IN ('hours_approved', 'completed')), 0) AS completed
        FROM jsonb_to_recordset(changes) AS d(user_id int, status text, sign int)
        GROUP BY d.user_id) p
      GROUP BY 1) x
    WHERE c.shard = x.shard AND (x.completed <> 0 OR x.active <> 0);
  -- Applications per status across the school (0025), taken last in the lock order above so a row is held for the
  -- shortest time. Every change counts, its opportunity kept or gone: an opportunity's deletion takes its
  -- applications with it, and they leave their statuses' counts as they go.
  INSERT INTO application_counts AS t (status, shard, applications)
    SELECT d.status, (d.user_id % 64)::smallint, sum(d.sign)::int
    FROM jsonb_to_recordset(changes) AS d(user_id int, status text, sign int)
    GROUP BY 1, 2 HAVING sum(d.sign) <> 0 ORDER BY 1, 2
    ON CONFLICT (status, shard) DO UPDATE SET applications = t.applications + excluded.applications;
END;
$$;
--> statement-breakpoint
-- Every status counted again from the applications.
CREATE FUNCTION seva_recount_applications() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM application_counts;
  INSERT INTO application_counts (status, shard, applications)
    SELECT status, (user_id % 64)::smallint, count(*)::int FROM applications GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- The rebuild of every aggregate (0014, 0022, 0023, 0024) counts the applications' statuses too.
CREATE OR REPLACE FUNCTION seva_rebuild_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seva_rebuild_totals();
  PERFORM seva_recount_balances();
  PERFORM seva_recount_period_users();
  PERFORM seva_recount_opportunities();
  PERFORM seva_recount_applications();
END;
$$;
--> statement-breakpoint
SELECT seva_recount_applications();
--> statement-breakpoint
ANALYZE application_counts;
