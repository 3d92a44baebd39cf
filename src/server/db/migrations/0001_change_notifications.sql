-- Every statement that changes a table the server caches reads of announces the table's name on the
-- `seva_changes` channel. PostgreSQL delivers the notice to every listening server process only when the
-- transaction commits (and never for one that rolls back), so caches drop exactly what was committed, whichever
-- process, script or psql session wrote it. See src/server/db/change-tracker.ts.
CREATE OR REPLACE FUNCTION seva_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('seva_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER opportunities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunities"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER applications_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER hour_submissions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hour_submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER coin_ledger_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coin_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER user_badges_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_badges"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER badges_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "badges"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
