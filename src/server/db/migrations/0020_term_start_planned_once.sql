-- The term a month lies in, planned once per connection instead of on every call (issue 21, ADR 0055).
--
-- seva_term_start (0014) was a SQL function whose body reads school_calendar in subqueries, so PostgreSQL could
-- not inline it and planned its body afresh on every statement that called it: every coin award (the ledger's
-- trigger names each award's term), 0.12 ms of planning a call on the writes bench. The same body in PL/pgSQL
-- keeps its plan for the connection's life. What it returns is unchanged: the first day of the latest term-start
-- month not after the given month, else the last term start of the year before.
CREATE OR REPLACE FUNCTION seva_term_start(school_month date) RETURNS date LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce(
    (SELECT make_date(extract(year FROM school_month)::int, max(m), 1)
       FROM school_calendar, unnest(term_start_months) AS m WHERE m <= extract(month FROM school_month)),
    (SELECT make_date(extract(year FROM school_month)::int - 1, max(m), 1)
       FROM school_calendar, unnest(term_start_months) AS m));
END;
$$;
