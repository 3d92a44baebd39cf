-- Today's daily counts spread over sixteen rows per type instead of four (issue 21, ADR 0054).
--
-- application_daily keeps one row per school day, opportunity type and shard (0014, ADR 0042); only today's rows
-- are written by applies and decisions, since the scheduler folds every earlier day into shard 0 (ADR 0052). With
-- four shards, ten concurrent writes met on the same few rows: on the writes bench (10 connections) the upsert
-- waited 3.5 ms a call for another transaction's row lock, more than the rest of the trigger. Sixteen shards, as
-- community_totals has, cut that wait to 1.8 ms; a range still reads one row per finished day and type, and today
-- at most sixteen per type. Every writer now names the shard through one function, so the count lives in one
-- place. Rows already written under four shards stay where they are: a day's figures are the sum of its shards.
CREATE FUNCTION seva_daily_shard(user_id integer) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (user_id % 16)::smallint
$$;
--> statement-breakpoint
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
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_opportunity_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE community_totals c SET public_opportunities = c.public_opportunities + x.count
      FROM (SELECT id % 16 AS shard, count(*)::int AS count FROM new_rows WHERE visibility = 'public' GROUP BY 1) x
      WHERE c.shard = x.shard;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE community_totals c SET public_opportunities = c.public_opportunities - x.count
      FROM (SELECT id % 16 AS shard, count(*)::int AS count FROM old_rows WHERE visibility = 'public' GROUP BY 1) x
      WHERE c.shard = x.shard;
  ELSE
    UPDATE community_totals c SET public_opportunities = c.public_opportunities + x.count
      FROM (
        SELECT n.id % 16 AS shard,
          sum((n.visibility = 'public')::int - (o.visibility = 'public')::int)::int AS count
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.visibility IS DISTINCT FROM n.visibility GROUP BY 1) x
      WHERE c.shard = x.shard AND x.count <> 0;
    INSERT INTO application_daily AS t (day, type, shard, applications, completed)
      SELECT seva_school_day(a.applied_at), m.type, seva_daily_shard(a.user_id), sum(m.sign)::int,
        coalesce(sum(m.sign) FILTER (WHERE a.status IN ('hours_approved', 'completed')), 0)::int
      FROM (
        SELECT o.id, o.type, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.type <> n.type
        UNION ALL
        SELECT n.id, n.type, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.type <> n.type) m
      JOIN applications a ON a.opportunity_id = m.id
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, type, shard) DO UPDATE SET
        applications = t.applications + excluded.applications, completed = t.completed + excluded.completed;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_opportunity_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_daily AS t (day, type, shard, applications, completed)
    SELECT seva_school_day(applied_at), OLD.type, seva_daily_shard(user_id), -count(*)::int,
      -(count(*) FILTER (WHERE status IN ('hours_approved', 'completed')))::int
    FROM applications WHERE opportunity_id = OLD.id
    GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (day, type, shard) DO UPDATE SET
      applications = t.applications + excluded.applications, completed = t.completed + excluded.completed;
  RETURN OLD;
END;
$$;
