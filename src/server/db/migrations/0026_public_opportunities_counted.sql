-- Opportunities counted per status and visibility (ADR 0063): the students' feed's total of open, public
-- opportunities, which every home page polls, becomes a sum of 16 rows instead of a count over the listing index
-- (4,000 entries at scale 10, 0.36 ms of the feed's 1.32 ms statement). The manager's total and the analytics sum
-- over both visibilities as before. The counts are emptied, re-keyed and counted again from the opportunities.
DELETE FROM "opportunity_counts";
--> statement-breakpoint
ALTER TABLE "opportunity_counts" DROP CONSTRAINT "opportunity_counts_status_shard_pk";
--> statement-breakpoint
ALTER TABLE "opportunity_counts" ADD COLUMN "visibility" text NOT NULL;
--> statement-breakpoint
ALTER TABLE "opportunity_counts" ADD CONSTRAINT "opportunity_counts_status_visibility_shard_pk" PRIMARY KEY("status","visibility","shard");
--> statement-breakpoint
-- seva_opportunity_totals as 0024 left it, with the visibility beside the status in opportunity_counts: a change of
-- either moves an opportunity from one row to another; an edit of anything else writes nothing.
CREATE OR REPLACE FUNCTION seva_opportunity_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE community_totals c SET public_opportunities = c.public_opportunities + x.count
      FROM (SELECT id % 16 AS shard, count(*)::int AS count FROM new_rows WHERE visibility = 'public' GROUP BY 1) x
      WHERE c.shard = x.shard;
    INSERT INTO opportunity_counts AS t (status, visibility, shard, opportunities)
      SELECT n.status, n.visibility, (n.id % 16)::smallint, count(*)::int FROM new_rows n
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, visibility, shard) DO UPDATE SET opportunities = t.opportunities + excluded.opportunities;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE community_totals c SET public_opportunities = c.public_opportunities - x.count
      FROM (SELECT id % 16 AS shard, count(*)::int AS count FROM old_rows WHERE visibility = 'public' GROUP BY 1) x
      WHERE c.shard = x.shard;
    INSERT INTO opportunity_counts AS t (status, visibility, shard, opportunities)
      SELECT o.status, o.visibility, (o.id % 16)::smallint, -count(*)::int FROM old_rows o
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (status, visibility, shard) DO UPDATE SET opportunities = t.opportunities + excluded.opportunities;
  ELSE
    UPDATE community_totals c SET public_opportunities = c.public_opportunities + x.count
      FROM (
        SELECT n.id % 16 AS shard,
          sum((n.visibility = 'public')::int - (o.visibility = 'public')::int)::int AS count
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.visibility IS DISTINCT FROM n.visibility GROUP BY 1) x
      WHERE c.shard = x.shard AND x.count <> 0;
    INSERT INTO opportunity_counts AS t (status, visibility, shard, opportunities)
      SELECT c.status, c.visibility, (c.id % 16)::smallint, sum(c.sign)::int
      FROM (SELECT o.status, o.visibility, o.id, -1 AS sign FROM old_rows o
            UNION ALL
            SELECT n.status, n.visibility, n.id, 1 FROM new_rows n) c
      GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (status, visibility, shard) DO UPDATE SET opportunities = t.opportunities + excluded.opportunities;
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
CREATE OR REPLACE FUNCTION seva_recount_opportunities() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM opportunity_counts;
  INSERT INTO opportunity_counts (status, visibility, shard, opportunities)
    SELECT status, visibility, (id % 16)::smallint, count(*)::int FROM opportunities GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
SELECT seva_recount_opportunities();
--> statement-breakpoint
ANALYZE opportunity_counts;
