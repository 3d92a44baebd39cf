CREATE TABLE "opportunity_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"opportunities" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "opportunity_counts_status_shard_pk" PRIMARY KEY("status","shard")
);

--> statement-breakpoint
-- Opportunities per status (ADR 0061): the manager's total and the analytics' opportunities at a period's ends
-- summed over a few rows instead of counted over every index entry on every miss (0.4-0.5 ms of a 0.6-1.3 ms
-- statement at 5,000 opportunities).
--
-- Kept in seva_opportunity_totals, the statement triggers' function that already keeps the public opportunities
-- and the days' counts per type (0014, 0019), so an opportunity's change still runs one trigger per statement: as
-- signed changes, -1 for a row as it was, +1 as it is. An edit that leaves the status as it was writes nothing, and
-- the rows are taken in key order, so two transactions lock them in the same order. The rest of the function is
-- as 0019 left it.
CREATE OR REPLACE FUNCTION seva_opportunity_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE community_totals c SET public_opportunities = c.public_opportunities + x.count
      FROM (SELECT id % 16 AS shard, count(*)::int AS count FROM new_rows WHERE visibility = 'public' GROUP BY 1) x
      WHERE c.shard = x.shard;
    INSERT INTO opportunity_counts AS t (status, shard, opportunities)
      SELECT n.status, (n.id % 16)::smallint, count(*)::int FROM new_rows n
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET opportunities = t.opportunities + excluded.opportunities;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE community_totals c SET public_opportunities = c.public_opportunities - x.count
      FROM (SELECT id % 16 AS shard, count(*)::int AS count FROM old_rows WHERE visibility = 'public' GROUP BY 1) x
      WHERE c.shard = x.shard;
    INSERT INTO opportunity_counts AS t (status, shard, opportunities)
      SELECT o.status, (o.id % 16)::smallint, -count(*)::int FROM old_rows o
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET opportunities = t.opportunities + excluded.opportunities;
  ELSE
    UPDATE community_totals c SET public_opportunities = c.public_opportunities + x.count
      FROM (
        SELECT n.id % 16 AS shard,
          sum((n.visibility = 'public')::int - (o.visibility = 'public')::int)::int AS count
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.visibility IS DISTINCT FROM n.visibility GROUP BY 1) x
      WHERE c.shard = x.shard AND x.count <> 0;
    INSERT INTO opportunity_counts AS t (status, shard, opportunities)
      SELECT c.status, (c.id % 16)::smallint, sum(c.sign)::int
      FROM (SELECT o.status, o.id, -1 AS sign FROM old_rows o
            UNION ALL
            SELECT n.status, n.id, 1 FROM new_rows n) c
      GROUP BY 1, 2 HAVING sum(c.sign) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET opportunities = t.opportunities + excluded.opportunities;
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
-- Every status counted again from the opportunities.
CREATE FUNCTION seva_recount_opportunities() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM opportunity_counts;
  INSERT INTO opportunity_counts (status, shard, opportunities)
    SELECT status, (id % 16)::smallint, count(*)::int FROM opportunities GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- The rebuild of every aggregate (0014, 0022, 0023) counts the opportunities last: a count changed by hand would
-- survive the rebuild's other steps, which do not touch the opportunities.
CREATE OR REPLACE FUNCTION seva_rebuild_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seva_rebuild_totals();
  PERFORM seva_recount_balances();
  PERFORM seva_recount_period_users();
  PERFORM seva_recount_opportunities();
END;
$$;
--> statement-breakpoint
SELECT seva_recount_opportunities();
--> statement-breakpoint
ANALYZE opportunity_counts;
