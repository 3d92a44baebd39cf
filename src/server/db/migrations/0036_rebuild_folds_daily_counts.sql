-- The rebuild writes the analytics' daily counts as the fold leaves them (ADR 0078). Since 0019 the changes count
-- into the live shards 1-15 (seva_daily_shard) and, since 0033, only the fold and the rebuild write shard 0. The
-- rebuild still spread its counts over shards user_id % 4, as in 0014: every sum was right, but a rebuilt database
-- held counts in shards 1-3 that no change had written, and shard 0's rows of earlier days were only whole after
-- the next fold. A rebuild is a recount from the applications, so it now writes every day's counts whole into
-- shard 0, the folded form; seva_rebuild_analytics_sums() then sums them. The body is 0014's with that one change.
CREATE OR REPLACE FUNCTION seva_rebuild_totals() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM coin_totals;
  DELETE FROM opportunity_coin_totals;
  DELETE FROM student_totals;
  DELETE FROM opportunity_totals;
  DELETE FROM application_daily;
  UPDATE community_totals SET total_coins = 0, public_opportunities = 0, active_students = 0, projects_completed = 0;
  INSERT INTO coin_totals (kind, period_start, user_id, coins, reached_at)
    SELECT k.kind, k.period_start, l.user_id, sum(l.amount)::int, max(l.created_at)
    FROM coin_ledger l
    CROSS JOIN LATERAL (VALUES ('month', seva_school_month(l.created_at)),
                               ('term', seva_term_start(seva_school_month(l.created_at)))) AS k(kind, period_start)
    GROUP BY 1, 2, 3;
  INSERT INTO opportunity_coin_totals (opportunity_id, user_id, coins, reached_at)
    SELECT opportunity_id, user_id, sum(amount)::int, max(created_at) FROM coin_ledger
    WHERE opportunity_id IS NOT NULL GROUP BY 1, 2;
  INSERT INTO student_totals (user_id, completed, last_award_at)
    SELECT u.id,
      (SELECT count(*)::int FROM applications a WHERE a.user_id = u.id AND a.status IN ('hours_approved', 'completed')),
      (SELECT max(l.created_at) FROM coin_ledger l WHERE l.user_id = u.id)
    FROM users u;
  INSERT INTO opportunity_totals (opportunity_id, applications, pending, accepted, hours_submitted, completed,
      rejected, withdrawn, completed_hours)
    SELECT opportunity_id, count(*), count(*) FILTER (WHERE status = 'pending'),
      count(*) FILTER (WHERE status = 'accepted'), count(*) FILTER (WHERE status = 'hours_submitted'),
      count(*) FILTER (WHERE status IN ('hours_approved', 'completed')), count(*) FILTER (WHERE status = 'rejected'),
      count(*) FILTER (WHERE status = 'withdrawn'), coalesce(sum(hours_completed::numeric), 0)
    FROM applications GROUP BY opportunity_id;
  INSERT INTO application_daily (day, type, shard, applications, completed)
    SELECT seva_school_day(a.applied_at), o.type, 0, count(*),
      count(*) FILTER (WHERE a.status IN ('hours_approved', 'completed'))
    FROM applications a JOIN opportunities o ON o.id = a.opportunity_id GROUP BY 1, 2;
  UPDATE community_totals c SET total_coins = x.coins FROM (
    SELECT id % 16 AS shard, sum(coins)::int AS coins FROM users WHERE role = 'student' GROUP BY 1) x
    WHERE c.shard = x.shard;
  UPDATE community_totals c SET public_opportunities = x.count FROM (
    SELECT id % 16 AS shard, count(*)::int AS count FROM opportunities WHERE visibility = 'public' GROUP BY 1) x
    WHERE c.shard = x.shard;
  UPDATE community_totals c SET active_students = x.count FROM (
    SELECT user_id % 16 AS shard, count(DISTINCT user_id)::int AS count FROM applications GROUP BY 1) x
    WHERE c.shard = x.shard;
  UPDATE community_totals c SET projects_completed = x.count FROM (
    SELECT user_id % 16 AS shard, count(*)::int AS count FROM applications
    WHERE status IN ('hours_approved', 'completed') GROUP BY 1) x
    WHERE c.shard = x.shard;
  -- Every cached read of an aggregate names the sources that move it (src/server/db/change-tracker.ts).
  PERFORM pg_notify('seva_changes', source)
    FROM unnest(ARRAY['coin_ledger', 'applications', 'users', 'opportunities']) AS source;
END;
$$;
