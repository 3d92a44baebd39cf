ALTER TABLE "users" ADD COLUMN "celebrated_coins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Marking a celebration seen is nobody else's business: the column joins `coins` and `updated_at` among those
-- whose change alone announces nothing to the caches (see 0004), so it drops no cached session or list.
CREATE OR REPLACE FUNCTION seva_notify_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'coins' - 'updated_at' - 'celebrated_coins')
     IS DISTINCT FROM (to_jsonb(OLD) - 'coins' - 'updated_at' - 'celebrated_coins') THEN
    PERFORM pg_notify('seva_changes', 'users');
  ELSIF NEW.coins IS DISTINCT FROM OLD.coins THEN
    PERFORM pg_notify('seva_changes', 'users:coins');
    PERFORM pg_notify('seva_changes', 'users:coins:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Accounts that exist already start even: what they earned before this release is not news.
UPDATE "users" SET "celebrated_coins" = "coins";
