-- Change notices only for changes (ADR 0043). Migration 0001's statement triggers announced every statement,
-- even one that changed no row: each approval's `UPDATE opportunities ... WHERE <target reached>` (which almost
-- never matches) dropped the feed, every opportunity page, the admin list and the community totals. Now:
--   INSERT, DELETE  a statement trigger over the rows it changed (transition tables, which 0014's aggregate
--                   triggers already keep for most of these tables), announcing only when there is one;
--   UPDATE          a row trigger for rows whose new values differ from the old (the WHEN runs without calling
--                   the function), so `SET status = status` announces nothing; PostgreSQL delivers each distinct
--                   payload once per transaction, so a bulk update still costs one notice;
--   TRUNCATE        a statement trigger as before (no rows to look at; it always empties something that mattered
--                   or nothing anyone reads).
-- The topics stay as they were: the bare table name, and 0004's and 0008's parts.
CREATE FUNCTION seva_notify_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger references the one transition table its event has; the other branch is never planned.
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN PERFORM pg_notify('seva_changes', TG_TABLE_NAME); END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM pg_notify('seva_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER users_changed ON "users";
--> statement-breakpoint
CREATE TRIGGER users_inserted AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_rows_changed();
--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_rows_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
-- 0004's function already announces nothing for an unchanged row; the WHEN spares it the call.
DROP TRIGGER users_row_updated ON "users";
--> statement-breakpoint
CREATE TRIGGER users_row_updated AFTER UPDATE ON "users"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_user_update();
--> statement-breakpoint
-- Sessions announce no insert, as before: a new session is read by no one until it is used.
DROP TRIGGER sessions_changed ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_row_updated AFTER UPDATE ON "sessions"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON "sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_rows_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
DROP TRIGGER opportunities_changed ON "opportunities";
--> statement-breakpoint
DROP TRIGGER hour_submissions_changed ON "hour_submissions";
--> statement-breakpoint
DROP TRIGGER coin_ledger_changed ON "coin_ledger";
--> statement-breakpoint
DROP TRIGGER user_badges_changed ON "user_badges";
--> statement-breakpoint
DROP TRIGGER badges_changed ON "badges";
--> statement-breakpoint
DROP TRIGGER waitlist_entries_changed ON "waitlist_entries";
--> statement-breakpoint
-- The tables announced by their bare name alone get the same four triggers each.
DO $$
DECLARE
  announced text;
BEGIN
  FOREACH announced IN ARRAY ARRAY['opportunities', 'hour_submissions', 'coin_ledger', 'user_badges', 'badges',
    'waitlist_entries']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_rows_changed()', announced || '_inserted', announced);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_change()',
      announced || '_row_updated', announced);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_rows_changed()', announced || '_deleted', announced);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change()', announced || '_truncated', announced);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- The row triggers of 0004 and 0008: an update that changed nothing announces nothing.
DROP TRIGGER applications_row_changed ON "applications";
--> statement-breakpoint
CREATE TRIGGER applications_row_changed AFTER INSERT OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_application_change();
--> statement-breakpoint
CREATE TRIGGER applications_row_updated AFTER UPDATE ON "applications"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_application_change();
--> statement-breakpoint
DROP TRIGGER notifications_row_changed ON "notifications";
--> statement-breakpoint
CREATE TRIGGER notifications_row_changed AFTER INSERT OR DELETE ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_notification_change();
--> statement-breakpoint
CREATE TRIGGER notifications_row_updated AFTER UPDATE ON "notifications"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_notification_change();
