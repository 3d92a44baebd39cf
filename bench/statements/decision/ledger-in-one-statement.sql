-- The ledger's totals in one statement, with coin_totals' counts of users per period and score folded in (the
-- thirty-fourth pass of docs/performance.md). The approval's path only: as a design, the other writers of coin_totals
-- (seva_recompute_coin_totals' inserts) would have to count too, since coin_totals' own triggers are dropped.
CREATE OR REPLACE FUNCTION seva_coin_totals_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT k.kind, k.period_start, n.user_id, sum(n.amount)::int AS coins, max(n.created_at) AS reached_at
    FROM new_rows n
    CROSS JOIN LATERAL (VALUES ('month', seva_school_month(n.created_at)),
                               ('term', seva_term_start(seva_school_month(n.created_at)))) AS k(kind, period_start)
    GROUP BY 1, 2, 3
  ), totals AS (
    INSERT INTO coin_totals AS t (kind, period_start, user_id, coins, reached_at)
      SELECT kind, period_start, user_id, coins, reached_at FROM delta ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, user_id) DO UPDATE
        SET coins = t.coins + excluded.coins, reached_at = greatest(t.reached_at, excluded.reached_at)
      RETURNING t.kind, t.period_start, t.user_id, t.coins
  ), moved AS (
    SELECT t.kind, t.period_start, t.user_id, s.coins, s.sign
    FROM totals t JOIN delta d ON (d.kind, d.period_start, d.user_id) = (t.kind, t.period_start, t.user_id)
    CROSS JOIN LATERAL (VALUES (t.coins - d.coins, -1), (t.coins, 1)) AS s(coins, sign)
    WHERE s.coins > 0
  ), period_users AS (
    INSERT INTO period_counts AS p (kind, period_start, shard, users)
      SELECT kind, period_start, (user_id % 16)::smallint, sum(sign)::int FROM moved
      GROUP BY 1, 2, 3 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (kind, period_start, shard) DO UPDATE SET users = p.users + excluded.users
  ), period_scores AS (
    INSERT INTO period_score_counts AS p (kind, period_start, coins, shard, users)
      SELECT kind, period_start, coins, (user_id % 16)::smallint, sum(sign)::int FROM moved
      GROUP BY 1, 2, 3, 4 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (kind, period_start, coins, shard) DO UPDATE SET users = p.users + excluded.users
  ), per_opportunity AS (
    INSERT INTO opportunity_coin_totals AS t (opportunity_id, user_id, coins, reached_at)
      SELECT n.opportunity_id, n.user_id, sum(n.amount)::int, max(n.created_at)
      FROM new_rows n WHERE n.opportunity_id IS NOT NULL
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (opportunity_id, user_id) DO UPDATE
        SET coins = t.coins + excluded.coins, reached_at = greatest(t.reached_at, excluded.reached_at)
  )
  INSERT INTO student_totals AS t (user_id, last_award_at)
    SELECT n.user_id, max(n.created_at) FROM new_rows n GROUP BY 1 ORDER BY 1
    ON CONFLICT (user_id) DO UPDATE SET last_award_at = greatest(t.last_award_at, excluded.last_award_at);
  RETURN NULL;
END;
$$;
DROP TRIGGER coin_totals_users_counted_inserted ON coin_totals;
DROP TRIGGER coin_totals_users_counted_updated ON coin_totals;
