-- Analytics read whole months and days of folded counts (issue 21, ADR 0078).
--
-- A year's analytics summed every daily row of two years (about 3,000 at scale 10) and grouped a year of them again
-- for the chart: two thirds of the database's time for the read. The fold (daily-compaction.ts) now also adds what
-- it folds into shard 0 to two sums of shard 0: per school month and type, and per school day. A range reads its
-- whole months and its days from those, and the rest from application_daily: the days of its partial months in
-- shard 0, and the live shards, which an index of their own finds. For that, only the fold writes shard 0 from now
-- on: the changes write shards 1-15.
CREATE TABLE "application_days" (
	"day" date PRIMARY KEY NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_months" (
	"month" date NOT NULL,
	"type" text NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_months_month_type_pk" PRIMARY KEY("month","type")
);
--> statement-breakpoint
CREATE INDEX "application_daily_live_idx" ON "application_daily" USING btree ("day") WHERE "application_daily"."shard" <> 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_daily_shard(user_id integer) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (1 + user_id % 15)::smallint
$$;
--> statement-breakpoint
-- The sums of shard 0 from scratch. Today's rows in shard 0, written before this migration, are counted in them
-- too: the invariant is that the sums hold shard 0, whoever wrote it.
CREATE FUNCTION seva_rebuild_analytics_sums() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM application_months;
  DELETE FROM application_days;
  INSERT INTO application_months (month, type, applications, completed)
    SELECT date_trunc('month', day)::date, type, sum(applications)::int, sum(completed)::int
    FROM application_daily WHERE shard = 0 GROUP BY 1, 2;
  INSERT INTO application_days (day, applications)
    SELECT day, sum(applications)::int FROM application_daily WHERE shard = 0 GROUP BY 1;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_rebuild_aggregates() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seva_rebuild_totals();
  PERFORM seva_recount_balances();
  PERFORM seva_recount_period_users();
  PERFORM seva_recount_opportunities();
  PERFORM seva_recount_applications();
  PERFORM seva_rebuild_analytics_sums();
END;
$$;
--> statement-breakpoint
SELECT seva_rebuild_analytics_sums();
--> statement-breakpoint
ANALYZE application_daily, application_months, application_days;
