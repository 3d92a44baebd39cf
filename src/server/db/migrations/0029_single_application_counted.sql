-- One application changed by a statement is counted with its values, not through jsonb (ADR 0075). Every apply,
-- decision and withdrawal changes one row; seva_application_totals built a jsonb array of it and
-- seva_count_application_changes read it back five times, grouped and sorted it, and ran all five statements
-- whatever moved. Its scalar twin runs only the statements whose counts move (accept: the opportunity's totals and
-- the statuses; approve: all five), in 0014's lock order. A statement that moves several rows, or one that moves an
-- application to another student, opportunity or day, still takes the set-based path; aggregates.test.ts holds both
-- to the definitions.
CREATE FUNCTION seva_count_application_change(p_user int, p_opportunity int, p_applied_at timestamptz,
    p_old_status text, p_new_status text, p_old_hours numeric, p_new_hours numeric, p_net int)
RETURNS void LANGUAGE plpgsql AS $$
-- One application's move: p_net is 1 for an insert, -1 for a delete and 0 for an update; a missing side's status
-- and hours are null. Each count moves by what seva_count_application_changes would sum for the same row.
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
  v_type text;
  v_active int := 0;
BEGIN
  -- As in the set-based path, an application of an opportunity being deleted leaves its totals and days alone.
  SELECT o.type INTO v_type FROM opportunities o WHERE o.id = p_opportunity;
  IF v_type IS NOT NULL THEN
    IF p_net <> 0 OR d_pending <> 0 OR d_accepted <> 0 OR d_submitted <> 0 OR d_completed <> 0 OR d_rejected <> 0
       OR d_withdrawn <> 0 OR d_hours <> 0 THEN
      INSERT INTO opportunity_totals AS t (opportunity_id, applications, pending, accepted, hours_submitted,
          completed, rejected, withdrawn, completed_hours)
        VALUES (p_opportunity, p_net, d_pending, d_accepted, d_submitted, d_completed, d_rejected, d_withdrawn, d_hours)
        ON CONFLICT (opportunity_id) DO UPDATE SET
          applications = t.applications + excluded.applications, pending = t.pending + excluded.pending,
          accepted = t.accepted + excluded.accepted, hours_submitted = t.hours_submitted + excluded.hours_submitted,
          completed = t.completed + excluded.completed, rejected = t.rejected + excluded.rejected,
          withdrawn = t.withdrawn + excluded.withdrawn, completed_hours = t.completed_hours + excluded.completed_hours;
    END IF;
    IF p_net <> 0 OR d_completed <> 0 THEN
      INSERT INTO application_daily AS t (day, type, shard, applications, completed)
        VALUES (seva_school_day(p_applied_at), v_type, seva_daily_shard(p_user), p_net, d_completed)
        ON CONFLICT (day, type, shard) DO UPDATE SET
          applications = t.applications + excluded.applications, completed = t.completed + excluded.completed;
    END IF;
  END IF;
  IF d_completed <> 0 THEN
    IF EXISTS (SELECT 1 FROM users u WHERE u.id = p_user) THEN
      INSERT INTO student_totals AS t (user_id, completed) VALUES (p_user, d_completed)
        ON CONFLICT (user_id) DO UPDATE SET completed = t.completed + excluded.completed;
    END IF;
  END IF;
  -- A student becomes active with their first application and stops being so with their last one gone.
  IF p_net <> 0 THEN
    SELECT CASE WHEN count(*) > 0 AND count(*) = p_net THEN 1 WHEN count(*) = 0 AND p_net < 0 THEN -1 ELSE 0 END
      INTO v_active FROM applications a WHERE a.user_id = p_user;
  END IF;
  IF d_completed <> 0 OR v_active <> 0 THEN
    UPDATE community_totals c SET projects_completed = c.projects_completed + d_completed,
        active_students = c.active_students + v_active
      WHERE c.shard = p_user % 16;
  END IF;
  IF p_old_status IS DISTINCT FROM p_new_status THEN
    INSERT INTO application_counts AS t (status, shard, applications)
      SELECT v.status, (p_user % 64)::smallint, v.delta
      FROM (VALUES (p_old_status, -1), (p_new_status, 1)) AS v(status, delta)
      WHERE v.status IS NOT NULL ORDER BY 1
      ON CONFLICT (status, shard) DO UPDATE SET applications = t.applications + excluded.applications;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_application_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
  moved bigint;
  o_user int; o_opportunity int; o_applied timestamptz; o_status text; o_hours numeric;
  n_user int; n_opportunity int; n_applied timestamptz; n_status text; n_hours numeric;
BEGIN
  -- The first changed row with the statement's count of them (the window counts before the limit); one row takes
  -- the scalar path and returns.
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) OVER (), n.user_id, n.opportunity_id, n.applied_at, n.status, n.hours_completed
      INTO moved, n_user, n_opportunity, n_applied, n_status, n_hours FROM new_rows n LIMIT 1;
    IF moved = 1 THEN
      PERFORM seva_count_application_change(n_user, n_opportunity, n_applied, NULL, n_status, NULL, n_hours, 1);
      RETURN NULL;
    END IF;
    SELECT jsonb_agg(jsonb_build_object('user_id', n.user_id, 'opportunity_id', n.opportunity_id,
        'status', n.status, 'hours', n.hours_completed, 'applied_at', n.applied_at, 'sign', 1))
      INTO changes FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT count(*) OVER (), o.user_id, o.opportunity_id, o.applied_at, o.status, o.hours_completed
      INTO moved, o_user, o_opportunity, o_applied, o_status, o_hours FROM old_rows o LIMIT 1;
    IF moved = 1 THEN
      PERFORM seva_count_application_change(o_user, o_opportunity, o_applied, o_status, NULL, o_hours, NULL, -1);
      RETURN NULL;
    END IF;
    SELECT jsonb_agg(jsonb_build_object('user_id', o.user_id, 'opportunity_id', o.opportunity_id,
        'status', o.status, 'hours', o.hours_completed, 'applied_at', o.applied_at, 'sign', -1))
      INTO changes FROM old_rows o;
  ELSE
    SELECT count(*) OVER (), o.user_id, o.opportunity_id, o.applied_at, o.status, o.hours_completed,
        n.user_id, n.opportunity_id, n.applied_at, n.status, n.hours_completed
      INTO moved, o_user, o_opportunity, o_applied, o_status, o_hours,
        n_user, n_opportunity, n_applied, n_status, n_hours
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.user_id, o.opportunity_id, o.status, o.hours_completed, o.applied_at)
        IS DISTINCT FROM (n.user_id, n.opportunity_id, n.status, n.hours_completed, n.applied_at)
      LIMIT 1;
    IF moved = 1 AND o_user = n_user AND o_opportunity = n_opportunity AND o_applied = n_applied THEN
      PERFORM seva_count_application_change(n_user, n_opportunity, n_applied, o_status, n_status, o_hours, n_hours, 0);
      RETURN NULL;
    END IF;
    -- Only the rows whose counted columns changed; a statement that touched none of them writes nothing.
    SELECT jsonb_agg(change) INTO changes FROM (
      SELECT jsonb_build_object('user_id', o.user_id, 'opportunity_id', o.opportunity_id, 'status', o.status,
          'hours', o.hours_completed, 'applied_at', o.applied_at, 'sign', -1) AS change
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.user_id, o.opportunity_id, o.status, o.hours_completed, o.applied_at)
          IS DISTINCT FROM (n.user_id, n.opportunity_id, n.status, n.hours_completed, n.applied_at)
      UNION ALL
      SELECT jsonb_build_object('user_id', n.user_id, 'opportunity_id', n.opportunity_id, 'status', n.status,
          'hours', n.hours_completed, 'applied_at', n.applied_at, 'sign', 1)
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.user_id, o.opportunity_id, o.status, o.hours_completed, o.applied_at)
          IS DISTINCT FROM (n.user_id, n.opportunity_id, n.status, n.hours_completed, n.applied_at)) c;
  END IF;
  IF changes IS NOT NULL THEN
    PERFORM seva_count_application_changes(changes);
  END IF;
  RETURN NULL;
END;
$$;
