-- Narrower change notices for the two tables that change on almost every write (see ADR 0012 and
-- src/server/db/change-tracker.ts). A notice is a topic: the bare table name still means "anything in the table
-- may have changed" (TRUNCATE, or any change these functions do not classify), and `table:part` names one part
-- of it, so a cached read that does not show that part keeps serving.
--
-- applications, per changed row (PostgreSQL delivers each distinct payload once per transaction):
--   applications:rows        any row changed (admin lists, analytics, progress)
--   applications:count       a row was added or removed (applicant counts in the feed)
--   applications:completed   a row entered or left hours_approved/completed, or such a row was added or removed
--                            (completed counts on the leaderboard and the community totals)
--   applications:user:<id>   a row of that student changed (the student's own list)
-- users, per updated row:
--   users:coins and users:coins:<id>   only the balance changed (an award): names, roles and the rest did not
--   users                              anything else changed
CREATE OR REPLACE FUNCTION seva_notify_application_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- OLD is null on INSERT and NEW on DELETE, so these are false for the missing side.
  was_completed boolean := coalesce(OLD.status IN ('hours_approved', 'completed'), false);
  is_completed boolean := coalesce(NEW.status IN ('hours_approved', 'completed'), false);
BEGIN
  PERFORM pg_notify('seva_changes', 'applications:rows');
  IF TG_OP <> 'UPDATE' THEN
    PERFORM pg_notify('seva_changes', 'applications:count');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('seva_changes', 'applications:user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('seva_changes', 'applications:user:' || NEW.user_id);
  END IF;
  IF (was_completed OR is_completed) AND (
    TG_OP <> 'UPDATE' OR was_completed <> is_completed
    OR OLD.user_id <> NEW.user_id OR OLD.opportunity_id <> NEW.opportunity_id
  ) THEN
    PERFORM pg_notify('seva_changes', 'applications:completed');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER applications_changed ON "applications";
--> statement-breakpoint
CREATE TRIGGER applications_row_changed AFTER INSERT OR UPDATE OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_application_change();
--> statement-breakpoint
CREATE TRIGGER applications_truncated AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Compared as JSON without the two columns, so a column added later counts as "anything else".
  IF (to_jsonb(NEW) - 'coins' - 'updated_at') IS DISTINCT FROM (to_jsonb(OLD) - 'coins' - 'updated_at') THEN
    PERFORM pg_notify('seva_changes', 'users');
  ELSIF NEW.coins IS DISTINCT FROM OLD.coins THEN
    PERFORM pg_notify('seva_changes', 'users:coins');
    PERFORM pg_notify('seva_changes', 'users:coins:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER users_changed ON "users";
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_row_updated AFTER UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_user_update();
