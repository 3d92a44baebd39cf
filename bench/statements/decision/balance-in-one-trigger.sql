-- A balance's move counted once: its score's count and the community's total in one trigger and one statement, in
-- place of the two triggers users' updates fire now (the thirty-fourth pass of docs/performance.md).
CREATE OR REPLACE FUNCTION seva_user_balance_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.id, o.coins AS old_coins, n.coins AS new_coins, o.role AS old_role, n.role AS new_role
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.coins, o.role) IS DISTINCT FROM (n.coins, n.role)
  ), scores AS (
    INSERT INTO score_counts AS s (coins, shard, users)
      SELECT c.coins, (c.id % 16)::smallint, sum(c.sign)::int
      FROM changed x CROSS JOIN LATERAL (VALUES (x.id, x.old_coins, -1), (x.id, x.new_coins, 1)) AS c(id, coins, sign)
      WHERE x.old_coins IS DISTINCT FROM x.new_coins AND c.coins > 0
      GROUP BY 1, 2 HAVING sum(c.sign) <> 0 ORDER BY 1, 2
      ON CONFLICT (coins, shard) DO UPDATE SET users = s.users + excluded.users
  )
  UPDATE community_totals c SET total_coins = c.total_coins + x.coins
    FROM (SELECT id % 16 AS shard,
            sum(CASE WHEN new_role = 'student' THEN new_coins ELSE 0 END
              - CASE WHEN old_role = 'student' THEN old_coins ELSE 0 END)::int AS coins
          FROM changed GROUP BY 1) x
    WHERE c.shard = x.shard AND x.coins <> 0;
  RETURN NULL;
END;
$$;
DROP TRIGGER users_balances_counted_updated ON users;
DROP TRIGGER users_totals_updated ON users;
CREATE TRIGGER users_balance_moved AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION seva_user_balance_moved();
