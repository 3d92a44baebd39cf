-- Change notices leave the decision's commit (ADR 0045). PostgreSQL holds one database-wide lock from a
-- notifying transaction's pre-commit until its commit record is on disk, so notifying commits never share a
-- flush: 250–410 a second here against 2,100–2,400 without a notice. Every trigger now sends its topic through
-- seva_notify(): in a transaction that set `seva.defer_notices` (the app's inTransaction on PostgreSQL,
-- src/server/db/deferred-notices.ts) the topic is collected, once, in the transaction-local
-- `seva.pending_notices`, which the transaction reads back before it commits and the process announces after it
-- in a commit that does not wait for the disk. Anywhere else (scripts, psql, statements outside a transaction)
-- the topic is notified in the commit as before. The trigger functions are those of 0001, 0004, 0008, 0009 and
-- 0015 with pg_notify('seva_changes', …) replaced by seva_notify(…).
CREATE FUNCTION seva_notify(topic text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pending text;
BEGIN
  IF current_setting('seva.defer_notices', true) = 'on' THEN
    pending := coalesce(current_setting('seva.pending_notices', true), '');
    IF position(E'\n' || topic || E'\n' IN E'\n' || pending) = 0 THEN
      PERFORM set_config('seva.pending_notices', pending || topic || E'\n', true);
    END IF;
  ELSE
    PERFORM pg_notify('seva_changes', topic);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM seva_notify(TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger references the one transition table its event has; the other branch is never planned.
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_rows) THEN PERFORM seva_notify(TG_TABLE_NAME); END IF;
  ELSIF EXISTS (SELECT 1 FROM old_rows) THEN
    PERFORM seva_notify(TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_application_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- OLD is null on INSERT and NEW on DELETE, so these are false for the missing side.
  was_completed boolean := coalesce(OLD.status IN ('hours_approved', 'completed'), false);
  is_completed boolean := coalesce(NEW.status IN ('hours_approved', 'completed'), false);
BEGIN
  PERFORM seva_notify('applications:rows');
  IF TG_OP <> 'UPDATE' THEN
    PERFORM seva_notify('applications:count');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM seva_notify('applications:user:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM seva_notify('applications:user:' || NEW.user_id);
  END IF;
  IF (was_completed OR is_completed) AND (
    TG_OP <> 'UPDATE' OR was_completed <> is_completed
    OR OLD.user_id <> NEW.user_id OR OLD.opportunity_id <> NEW.opportunity_id
  ) THEN
    PERFORM seva_notify('applications:completed');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_notification_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM seva_notify('notifications:user:' || OLD.user_id);
  ELSE
    PERFORM seva_notify('notifications:user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'coins' - 'updated_at' - 'celebrated_coins')
     IS DISTINCT FROM (to_jsonb(OLD) - 'coins' - 'updated_at' - 'celebrated_coins') THEN
    PERFORM seva_notify('users');
  ELSIF NEW.coins IS DISTINCT FROM OLD.coins THEN
    PERFORM seva_notify('users:coins');
    PERFORM seva_notify('users:coins:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
