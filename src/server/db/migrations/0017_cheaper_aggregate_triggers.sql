-- Cheaper triggers on the decisions' path (issue 21, ADR 0050).
--
-- 1. seva_count_application_changes (0014) joined each change to its opportunity. The changes come from
--    jsonb_to_recordset, which the planner always reads as 100 rows, so the generic plan a connection keeps for
--    the function's statements joined them by hashing every opportunity (a sequential scan: 500 rows at the
--    default scale, 5,000 at ten times it) for the one or two rows a decision changes. Each change now looks up
--    its opportunity (and student) by key in a scalar subquery, which is always an index probe. What is counted
--    is unchanged: a change whose opportunity or student is gone (being deleted) still counts nowhere.
-- 2. A notification written to every administrator (each apply and hour submission: twenty rows at a school of
--    5,000) fired a row trigger per row, each collecting its topic through seva_notify (0016). One statement
--    trigger over the inserted or deleted rows now collects them all through seva_notify_all, once. Updates (a
--    notification read) keep their row trigger: they change one row at a time and must skip unchanged rows.
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
      SELECT seva_school_day(d.applied_at) AS day, d.type, (d.user_id % 4)::smallint AS shard,
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
END;
$$;
--> statement-breakpoint
-- seva_notify (0016) for many topics in one call: each collected once, in one write of the pending list.
CREATE FUNCTION seva_notify_all(topics text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pending text;
  fresh text;
BEGIN
  IF current_setting('seva.defer_notices', true) = 'on' THEN
    pending := coalesce(current_setting('seva.pending_notices', true), '');
    SELECT string_agg(t.topic || E'\n', '') INTO fresh
      FROM (SELECT DISTINCT topic FROM unnest(topics) AS topic) t
      WHERE position(E'\n' || t.topic || E'\n' IN E'\n' || pending) = 0;
    IF fresh IS NOT NULL THEN
      PERFORM set_config('seva.pending_notices', pending || fresh, true);
    END IF;
  ELSE
    PERFORM pg_notify('seva_changes', topic) FROM unnest(topics) AS topic;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION seva_notify_notification_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger references the one transition table its event has; the other branch is never planned.
  IF TG_OP = 'INSERT' THEN
    PERFORM seva_notify_all(ARRAY(SELECT 'notifications:user:' || user_id FROM new_rows));
  ELSE
    PERFORM seva_notify_all(ARRAY(SELECT 'notifications:user:' || user_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER notifications_row_changed ON "notifications";
--> statement-breakpoint
CREATE TRIGGER notifications_inserted AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_notification_rows();
--> statement-breakpoint
CREATE TRIGGER notifications_deleted AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_notification_rows();
