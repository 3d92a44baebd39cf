CREATE TABLE "application_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "application_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"hours" double precision,
	"coins" integer,
	"note" text,
	"hour_submission_id" integer,
	CONSTRAINT "application_events_kind_valid" CHECK ("application_events"."kind" in ('applied', 'accepted', 'rejected', 'reconsidered', 'withdrawn', 'hours_submitted', 'verification_requested', 'verified', 'disputed', 'hours_approved', 'hours_rejected', 'completed')),
	CONSTRAINT "application_events_actor_valid" CHECK ("application_events"."actor" in ('student', 'admin', 'supervisor', 'system'))
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"user_id" integer,
	"scope" text NOT NULL,
	"opportunity_id" integer,
	"snapshot" jsonb,
	"signature" text,
	"key_id" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revoke_reason" text,
	CONSTRAINT "certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "certificates_scope_valid" CHECK ("certificates"."scope" in ('all', 'opportunity')),
	CONSTRAINT "certificates_revoke_reason_valid" CHECK ("certificates"."revoke_reason" is null or "certificates"."revoke_reason" in ('student', 'admin', 'account_deleted')),
	CONSTRAINT "certificates_revoked_has_reason" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoke_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "auto_approved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "served_from" date;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "served_to" date;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "reflection" text;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "verification_status" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "supervisor_name" text;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "supervisor_email" text;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "verification_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "verification_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "verification" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "supervisor_name" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "supervisor_email" text;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "student_names_supervisor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "auto_approve_max_hours" integer;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","at","id");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "hour_submissions_verification_pending_idx" ON "hour_submissions" USING btree ("verification_sent_at") WHERE "hour_submissions"."verification_status" = 'pending';--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD CONSTRAINT "hour_submissions_verification_valid" CHECK ("hour_submissions"."verification_status" in ('not_required', 'pending', 'confirmed', 'disputed'));--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD CONSTRAINT "hour_submissions_served_ordered" CHECK ("hour_submissions"."served_to" is null or "hour_submissions"."served_from" <= "hour_submissions"."served_to");--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD CONSTRAINT "hour_submissions_supervisor_known" CHECK ("hour_submissions"."verification_status" = 'not_required' or "hour_submissions"."supervisor_email" is not null);--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_verification_valid" CHECK ("opportunities"."verification" in ('none', 'supervisor'));--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_supervisor_known" CHECK ("opportunities"."verification" = 'none' or "opportunities"."student_names_supervisor" or "opportunities"."supervisor_email" is not null);--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_auto_approve_range" CHECK ("opportunities"."auto_approve_max_hours" is null or ("opportunities"."verification" = 'supervisor' and "opportunities"."auto_approve_max_hours" between 1 and 200));--> statement-breakpoint
-- The timeline is append-only: no step is ever rewritten (docs/product-rules.md §10). Rows still go with their
-- application (a cascade is a DELETE, which this leaves alone), and an admin's deleted account leaves its steps
-- with their name and no id.
CREATE FUNCTION seva_refuse_event_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one change allowed: the database itself forgetting a deleted account's id (ON DELETE SET NULL); the
  -- step keeps the name it was taken under.
  IF OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
     AND (to_jsonb(NEW) - 'actor_id') = (to_jsonb(OLD) - 'actor_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'application_events are append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER application_events_append_only BEFORE UPDATE ON "application_events"
  FOR EACH ROW EXECUTE FUNCTION seva_refuse_event_update();--> statement-breakpoint
-- Hours older than this migration served on the day they were submitted, as far as anyone knows.
UPDATE "hour_submissions" SET "served_from" = ("submitted_at" AT TIME ZONE 'Asia/Kolkata')::date,
  "served_to" = ("submitted_at" AT TIME ZONE 'Asia/Kolkata')::date WHERE "served_from" IS NULL;--> statement-breakpoint
-- The timeline of applications that have none yet, rebuilt from what their rows say (ADR 0040): this migration
-- runs it for the applications that came before events, and the demo seed for the history it writes in bulk. A
-- decision's own moment is not kept for older rows: acceptance is placed halfway between the application and its
-- first hours (or its last change), rejection and withdrawal at the last change.
CREATE FUNCTION seva_backfill_application_events() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  WITH todo AS (
    SELECT a.*, (SELECT min(h.submitted_at) FROM hour_submissions h WHERE h.application_id = a.id) AS first_hours
    FROM applications a
    WHERE NOT EXISTS (SELECT 1 FROM application_events e WHERE e.application_id = a.id)
  ),
  steps AS (
    SELECT id AS application_id, 'applied' AS kind, 'student' AS actor, user_id AS actor_id,
           applied_at AS at, NULL::double precision AS hours, NULL::integer AS coins, notes AS note,
           NULL::integer AS hour_submission_id
    FROM todo
    UNION ALL
    SELECT id, 'accepted', 'admin', NULL, applied_at + (coalesce(first_hours, updated_at) - applied_at) / 2,
           NULL, NULL, NULL, NULL
    FROM todo WHERE status IN ('accepted', 'hours_submitted', 'hours_approved', 'completed')
      OR (status = 'rejected' AND first_hours IS NOT NULL)
    UNION ALL
    SELECT id, 'rejected', 'admin', NULL, updated_at, NULL, NULL, admin_feedback, NULL
    FROM todo WHERE status = 'rejected' AND first_hours IS NULL
    UNION ALL
    SELECT id, 'withdrawn', 'student', user_id, updated_at, NULL, NULL, NULL, NULL
    FROM todo WHERE status = 'withdrawn'
    UNION ALL
    SELECT h.application_id, 'hours_submitted', 'student', t.user_id, h.submitted_at, h.hours, NULL,
           h.description, h.id
    FROM hour_submissions h JOIN todo t ON t.id = h.application_id
    UNION ALL
    SELECT h.application_id, CASE h.status WHEN 'approved' THEN 'hours_approved' ELSE 'hours_rejected' END,
           CASE WHEN h.auto_approved THEN 'system' ELSE 'admin' END, h.reviewed_by, h.reviewed_at, h.hours,
           CASE h.status WHEN 'approved' THEN h.coins_awarded END, h.feedback, h.id
    FROM hour_submissions h JOIN todo t ON t.id = h.application_id
    WHERE h.status IN ('approved', 'rejected') AND h.reviewed_at IS NOT NULL
    UNION ALL
    SELECT id, 'completed', 'admin', NULL, coalesce(completed_at, updated_at), hours_completed, coins_awarded,
           NULL, NULL
    FROM todo WHERE status = 'completed'
  )
  INSERT INTO application_events (application_id, kind, actor, actor_id, actor_name, at, hours, coins, note,
                                  hour_submission_id)
  SELECT s.application_id, s.kind, s.actor, s.actor_id,
         CASE WHEN u.id IS NOT NULL THEN u.first_name || ' ' || u.last_name END,
         s.at, s.hours, s.coins, s.note, s.hour_submission_id
  FROM steps s LEFT JOIN users u ON u.id = s.actor_id
  ORDER BY s.application_id, s.at;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END;
$$;--> statement-breakpoint
SELECT seva_backfill_application_events();
