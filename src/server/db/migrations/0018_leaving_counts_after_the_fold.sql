-- An opportunity's applications leave the daily counts wherever those counts now are (issue 21).
--
-- seva_opportunity_leaving (0014) took a deleted opportunity's applications out of application_daily by updating
-- the shard each was counted in (user_id % 4). Since the scheduler folds every finished day's shards into shard 0
-- (analytics/daily-compaction.ts, ADR 0052), those rows are gone for every day but today: the update matched
-- nothing and the deleted applications stayed counted, which check-ledger reported. The counts are now taken out
-- as negative amounts upserted into the same shards, so each day's sum is right whether or not it was folded; the
-- next fold merges them into shard 0 and drops rows that count nothing.
CREATE OR REPLACE FUNCTION seva_opportunity_leaving() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_daily AS t (day, type, shard, applications, completed)
    SELECT seva_school_day(applied_at), OLD.type, (user_id % 4)::smallint, -count(*)::int,
      -(count(*) FILTER (WHERE status IN ('hours_approved', 'completed')))::int
    FROM applications WHERE opportunity_id = OLD.id
    GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (day, type, shard) DO UPDATE SET
      applications = t.applications + excluded.applications, completed = t.completed + excluded.completed;
  RETURN OLD;
END;
$$;
