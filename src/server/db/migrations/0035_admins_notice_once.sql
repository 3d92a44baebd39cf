CREATE TABLE "admin_notice_marks" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"read_through" integer DEFAULT 0 NOT NULL,
	"read_through_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_notice_reads" (
	"user_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_notice_reads_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notice_marks" ADD CONSTRAINT "admin_notice_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notice_reads" ADD CONSTRAINT "admin_notice_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notice_reads" ADD CONSTRAINT "admin_notice_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_admins_created_idx" ON "notifications" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."user_id" is null;--> statement-breakpoint
CREATE INDEX "notifications_admins_id_idx" ON "notifications" USING btree ("id") WHERE "notifications"."user_id" is null;--> statement-breakpoint
-- A notice to every administrator is one row with no user_id (ADR 0080). It announces `notifications:admins`,
-- which every admin's live stream follows; a person's own notice announces their topic as before.
CREATE OR REPLACE FUNCTION seva_notify_notification_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each trigger references the one transition table its event has; the other branch is never planned.
  IF TG_OP = 'INSERT' THEN
    PERFORM seva_notify_all(ARRAY(SELECT 'notifications:' || coalesce('user:' || user_id, 'admins') FROM new_rows));
  ELSE
    PERFORM seva_notify_all(ARRAY(SELECT 'notifications:' || coalesce('user:' || user_id, 'admins') FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION seva_notify_notification_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM seva_notify('notifications:' || coalesce('user:' || OLD.user_id, 'admins'));
  ELSE
    PERFORM seva_notify('notifications:' || coalesce('user:' || NEW.user_id, 'admins'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- An admin's reading of the admins' notices (one, or all up to a mark) is a change to that admin's notifications:
-- their other tabs' bells follow it.
CREATE FUNCTION seva_notify_admin_notice_read() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER admin_notice_marks_row_changed AFTER INSERT OR DELETE ON "admin_notice_marks"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_admin_notice_read();
--> statement-breakpoint
CREATE TRIGGER admin_notice_marks_row_updated AFTER UPDATE ON "admin_notice_marks"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION seva_notify_admin_notice_read();
--> statement-breakpoint
CREATE TRIGGER admin_notice_reads_row_changed AFTER INSERT OR UPDATE OR DELETE ON "admin_notice_reads"
  FOR EACH ROW EXECUTE FUNCTION seva_notify_admin_notice_read();
--> statement-breakpoint
CREATE TRIGGER admin_notice_marks_truncated AFTER TRUNCATE ON "admin_notice_marks"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
--> statement-breakpoint
CREATE TRIGGER admin_notice_reads_truncated AFTER TRUNCATE ON "admin_notice_reads"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();
