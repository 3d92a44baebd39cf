CREATE TABLE "period_counts" (
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_counts_kind_period_start_shard_pk" PRIMARY KEY("kind","period_start","shard")
);
--> statement-breakpoint
-- Users with coins per month and term (ADR 0059): the count of ranked students an own rank in that timeframe
-- shows, summed over 16 rows instead of counted over coin_totals_ranking_idx (47,000 entries for a term at
-- 50,000 students, 6-8 ms alone and 15 under load). Users of every role are counted, as coin_totals holds them;
-- the ranking takes out the few who are not students.
--
-- Kept from coin_totals' own changes, as signed changes: -1 for a row as it was, +1 as it is, where it has coins.
-- An award to someone who already has coins in the period gives -1 and +1 and moves nothing, so only a first award
-- in a period, or a correction to or from 0, writes here; the rows are taken in key order, so two transactions
-- lock them in the same order.
CREATE FUNCTION seva_count_period_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch references the transition tables its event has; the others are never planned.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT n.kind, n.period_start, (n.user_id % 16)::smallint, count(*)::int FROM new_rows n WHERE n.coins > 0
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT o.kind, o.period_start, (o.user_id % 16)::smallint, -count(*)::int FROM old_rows o WHERE o.coins > 0
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users;
  ELSE
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT c.kind, c.period_start, (c.user_id % 16)::smallint, sum(c.sign)::int
      FROM (SELECT o.kind, o.period_start, o.user_id, -1 AS sign FROM old_rows o WHERE o.coins > 0
            UNION ALL
            SELECT n.kind, n.period_start, n.user_id, 1 FROM new_rows n WHERE n.coins > 0) c
      GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER coin_totals_users_counted_inserted AFTER INSERT ON "coin_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_count_period_users();
--> statement-breakpoint
CREATE TRIGGER coin_totals_users_counted_updated AFTER UPDATE ON "coin_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_count_period_users();
--> statement-breakpoint
CREATE TRIGGER coin_totals_users_counted_deleted AFTER DELETE ON "coin_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_count_period_users();
--> statement-breakpoint
-- Every period's users counted again from coin_totals.
CREATE FUNCTION seva_recount_period_users() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM period_counts;
  INSERT INTO period_counts (kind, period_start, shard, users)
    SELECT kind, period_start, (user_id % 16)::smallint, count(*)::int FROM coin_totals WHERE coins > 0
    GROUP BY 1, 2, 3;
END;
$$;
--> statement-breakpoint
-- The rebuild of every aggregate (0014, 0022) counts the periods' users last, from the coin_totals it rebuilt:
-- the triggers keep the counts through the rebuild's own deletes and inserts, but a count changed by hand would
-- survive them.
CREATE OR REPLACE FUNCTION seva_rebuild_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seva_rebuild_totals();
  PERFORM seva_recount_balances();
  PERFORM seva_recount_period_users();
END;
$$;
--> statement-breakpoint
SELECT seva_recount_period_users();
--> statement-breakpoint
ANALYZE period_counts;
