CREATE TABLE "period_score_counts" (
	"kind" text NOT NULL,
	"period_start" date NOT NULL,
	"coins" integer NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_score_counts_kind_period_start_coins_shard_pk" PRIMARY KEY("kind","period_start","coins","shard")
);
--> statement-breakpoint
-- Users per score in each month and term (docs/performance.md, twelfth pass): a student's rank in a month or term
-- counted the students above their score over coin_totals_ranking_idx, an index-only scan that every award turns into
-- heap fetches for the current period (the award updates exactly those rows, clearing their pages' visibility):
-- 3.2-4.9 ms for 3,249 students above at scale 10, 0.35 ms vacuumed. It now sums the scores above here, 16 rows a
-- score at most. The ninth pass turned down an unsharded count per score for concurrent approvals queueing on the
-- rows of crowded scores; these are sharded as score_counts is (user id mod 16).
--
-- Kept in seva_count_period_users (0023), which coin_totals' statement triggers already run, after period_counts in
-- the same key order, so an award still runs one trigger per statement. An award moves a user from one score to
-- another: -1 at the score they had, +1 at the one they have; the rest of the function is as 0023 left it.
CREATE OR REPLACE FUNCTION seva_count_period_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch references the transition tables its event has; the others are never planned.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT n.kind, n.period_start, (n.user_id % 16)::smallint, count(*)::int FROM new_rows n WHERE n.coins > 0
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users;
    INSERT INTO period_score_counts AS p (kind, period_start, coins, shard, users)
      SELECT n.kind, n.period_start, n.coins, (n.user_id % 16)::smallint, count(*)::int FROM new_rows n
      WHERE n.coins > 0
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, period_start, coins, shard) DO UPDATE SET users = p.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT o.kind, o.period_start, (o.user_id % 16)::smallint, -count(*)::int FROM old_rows o WHERE o.coins > 0
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users;
    INSERT INTO period_score_counts AS p (kind, period_start, coins, shard, users)
      SELECT o.kind, o.period_start, o.coins, (o.user_id % 16)::smallint, -count(*)::int FROM old_rows o
      WHERE o.coins > 0
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, period_start, coins, shard) DO UPDATE SET users = p.users + excluded.users;
  ELSE
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT c.kind, c.period_start, (c.user_id % 16)::smallint, sum(c.sign)::int
      FROM (SELECT o.kind, o.period_start, o.user_id, -1 AS sign FROM old_rows o WHERE o.coins > 0
            UNION ALL
            SELECT n.kind, n.period_start, n.user_id, 1 FROM new_rows n WHERE n.coins > 0) c
      GROUP BY 1, 2, 3 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users;
    INSERT INTO period_score_counts AS p (kind, period_start, coins, shard, users)
      SELECT c.kind, c.period_start, c.coins, (c.user_id % 16)::smallint, sum(c.sign)::int
      FROM (SELECT o.kind, o.period_start, o.coins, o.user_id, -1 AS sign FROM old_rows o WHERE o.coins > 0
            UNION ALL
            SELECT n.kind, n.period_start, n.coins, n.user_id, 1 FROM new_rows n WHERE n.coins > 0) c
      GROUP BY 1, 2, 3, 4 HAVING sum(c.sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, period_start, coins, shard) DO UPDATE SET users = p.users + excluded.users;
  END IF;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
-- Every period's users counted again from coin_totals, per period (0023) and per score.
CREATE OR REPLACE FUNCTION seva_recount_period_users() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM period_counts;
  INSERT INTO period_counts (kind, period_start, shard, users)
    SELECT kind, period_start, (user_id % 16)::smallint, count(*)::int FROM coin_totals WHERE coins > 0
    GROUP BY 1, 2, 3;
  DELETE FROM period_score_counts;
  INSERT INTO period_score_counts (kind, period_start, coins, shard, users)
    SELECT kind, period_start, coins, (user_id % 16)::smallint, count(*)::int FROM coin_totals WHERE coins > 0
    GROUP BY 1, 2, 3, 4;
END;
$$;
--> statement-breakpoint
SELECT seva_recount_period_users();
--> statement-breakpoint
ANALYZE period_score_counts;
