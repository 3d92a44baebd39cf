-- One application's move counted in one statement instead of up to seven (the thirty-fourth pass of
-- docs/performance.md): the same counts as seva_count_application_change, each write a CTE of one INSERT or UPDATE.
CREATE OR REPLACE FUNCTION seva_count_application_change(p_user integer, p_opportunity integer,
    p_applied_at timestamp with time zone, p_old_status text, p_new_status text, p_old_hours numeric,
    p_new_hours numeric, p_net integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d_pending int := coalesce(p_new_status = 'pending', false)::int - coalesce(p_old_status = 'pending', false)::int;
  d_accepted int := coalesce(p_new_status = 'accepted', false)::int - coalesce(p_old_status = 'accepted', false)::int;
  d_submitted int := coalesce(p_new_status = 'hours_submitted', false)::int
    - coalesce(p_old_status = 'hours_submitted', false)::int;
  d_completed int := coalesce(p_new_status IN ('hours_approved', 'completed'), false)::int
    - coalesce(p_old_status IN ('hours_approved', 'completed'), false)::int;
  d_rejected int := coalesce(p_new_status = 'rejected', false)::int - coalesce(p_old_status = 'rejected', false)::int;
  d_withdrawn int := coalesce(p_new_status = 'withdrawn', false)::int
    - coalesce(p_old_status = 'withdrawn', false)::int;
  d_hours numeric := coalesce(p_new_hours, 0) - coalesce(p_old_hours, 0);
  v_active int := 0;
BEGIN
  IF p_net <> 0 THEN
    SELECT CASE WHEN count(*) > 0 AND count(*) = p_net THEN 1 WHEN count(*) = 0 AND p_net < 0 THEN -1 ELSE 0 END
      INTO v_active FROM applications a WHERE a.user_id = p_user;
  END IF;
  WITH opportunity AS (
    SELECT o.type FROM opportunities o WHERE o.id = p_opportunity
  ), totals AS (
    INSERT INTO opportunity_totals AS t (opportunity_id, applications, pending, accepted, hours_submitted,
        completed, rejected, withdrawn, completed_hours)
      SELECT p_opportunity, p_net, d_pending, d_accepted, d_submitted, d_completed, d_rejected, d_withdrawn, d_hours
      FROM opportunity
      WHERE p_net <> 0 OR d_pending <> 0 OR d_accepted <> 0 OR d_submitted <> 0 OR d_completed <> 0
        OR d_rejected <> 0 OR d_withdrawn <> 0 OR d_hours <> 0
      ON CONFLICT (opportunity_id) DO UPDATE SET
        applications = t.applications + excluded.applications, pending = t.pending + excluded.pending,
        accepted = t.accepted + excluded.accepted, hours_submitted = t.hours_submitted + excluded.hours_submitted,
        completed = t.completed + excluded.completed, rejected = t.rejected + excluded.rejected,
        withdrawn = t.withdrawn + excluded.withdrawn, completed_hours = t.completed_hours + excluded.completed_hours
  ), daily AS (
    INSERT INTO application_daily AS t (day, type, shard, applications, completed)
      SELECT seva_school_day(p_applied_at), o.type, seva_daily_shard(p_user), p_net, d_completed FROM opportunity o
      WHERE p_net <> 0 OR d_completed <> 0
      ON CONFLICT (day, type, shard) DO UPDATE SET
        applications = t.applications + excluded.applications, completed = t.completed + excluded.completed
  ), student AS (
    INSERT INTO student_totals AS t (user_id, completed)
      SELECT u.id, d_completed FROM users u WHERE u.id = p_user AND d_completed <> 0
      ON CONFLICT (user_id) DO UPDATE SET completed = t.completed + excluded.completed
  ), community AS (
    UPDATE community_totals c SET projects_completed = c.projects_completed + d_completed,
        active_students = c.active_students + v_active
      WHERE c.shard = p_user % 16 AND (d_completed <> 0 OR v_active <> 0)
  )
  INSERT INTO application_counts AS t (status, shard, applications)
    SELECT v.status, (p_user % 64)::smallint, v.delta
    FROM (VALUES (p_old_status, -1), (p_new_status, 1)) AS v(status, delta)
    WHERE v.status IS NOT NULL AND p_old_status IS DISTINCT FROM p_new_status ORDER BY 1
    ON CONFLICT (status, shard) DO UPDATE SET applications = t.applications + excluded.applications;
END;
$$;
