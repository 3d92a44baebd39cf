CREATE TABLE "score_counts" (
	"coins" integer NOT NULL,
	"shard" smallint NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "score_counts_coins_shard_pk" PRIMARY KEY("coins","shard")
);
--> statement-breakpoint
-- Users per balance (ADR 0058). A student's all-time rank was the students above their balance counted over
-- users_role_coins_idx (≈ 25,000 entries for a mid-table student at 50,000, and all 48,000 for the count of
-- ranked students every own rank shows); it is now a sum over the balances above, a few hundred rows. Users of every
-- role are counted: the ranking takes out the few who are not students (an administrator promoted from student
-- keeps a balance). A balance of 0 or less ranks nowhere and is not counted.
--
-- Signed changes (-1 as a balance was, +1 as it is) are added in key order, so two transactions take the rows'
-- locks in the same order. The month's and the term's rankings keep counting coin_totals: their scores crowd on a
-- few values (one or two awards each), and counting them per score made concurrent approvals queue on the same
-- rows (docs/performance.md, ninth pass).
CREATE FUNCTION seva_count_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch references the transition tables its event has; the others are never planned.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO score_counts AS s (coins, shard, users)
      SELECT n.coins, (n.id % 16)::smallint, count(*)::int FROM new_rows n WHERE n.coins > 0
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (coins, shard) DO UPDATE SET users = s.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO score_counts AS s (coins, shard, users)
      SELECT o.coins, (o.id % 16)::smallint, -count(*)::int FROM old_rows o WHERE o.coins > 0
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (coins, shard) DO UPDATE SET users = s.users + excluded.users;
  ELSE
    INSERT INTO score_counts AS s (coins, shard, users)
      SELECT c.coins, (c.id % 16)::smallint, sum(c.sign)::int
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.id, o.coins, -1), (n.id, n.coins, 1)) AS c(id, coins, sign)
      WHERE o.coins IS DISTINCT FROM n.coins AND c.coins > 0
      GROUP BY 1, 2 HAVING sum(c.sign) <> 0 ORDER BY 1, 2
      ON CONFLICT (coins, shard) DO UPDATE SET users = s.users + excluded.users;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_balances_counted_inserted AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_count_balances();
--> statement-breakpoint
CREATE TRIGGER users_balances_counted_updated AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_count_balances();
--> statement-breakpoint
CREATE TRIGGER users_balances_counted_deleted AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_count_balances();
--> statement-breakpoint
-- Every balance counted again.
CREATE FUNCTION seva_recount_balances() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM score_counts;
  INSERT INTO score_counts (coins, shard, users)
    SELECT coins, (id % 16)::smallint, count(*)::int FROM users WHERE coins > 0 GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- The rebuild of every aggregate (0014) recounts the balances too. It keeps its name, which the truncate triggers
-- and the school calendar call; 0014's body becomes seva_rebuild_totals.
ALTER FUNCTION seva_rebuild_aggregates() RENAME TO seva_rebuild_totals;
--> statement-breakpoint
CREATE FUNCTION seva_rebuild_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seva_rebuild_totals();
  PERFORM seva_recount_balances();
END;
$$;
--> statement-breakpoint
SELECT seva_recount_balances();
--> statement-breakpoint
ANALYZE score_counts;
