-- Discovery (issue 18, docs/product-rules.md §12). A stored generated column must be immutable, and
-- array_to_string is only stable (element output could in principle depend on settings; for text it does not):
-- seva_words is that function for text arrays, declared immutable, for the opportunities' search document.
CREATE OR REPLACE FUNCTION seva_words(words text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(words, ' '), '') $$;
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "waitlist_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status_valid" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'taken', 'expired', 'left')),
	CONSTRAINT "waitlist_entries_offer_has_expiry" CHECK ("waitlist_entries"."status" <> 'offered' or "waitlist_entries"."offer_expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status_valid";--> statement-breakpoint
DROP INDEX "applications_user_opportunity_unique";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, seva_words("skills")), 'B')
  || setweight(to_tsvector('english'::regconfig, "short_description"), 'B')
  || setweight(to_tsvector('english'::regconfig, "full_description"), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interest_skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interest_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interests_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_unique" ON "waitlist_entries" USING btree ("opportunity_id","user_id") WHERE "waitlist_entries"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("opportunity_id","status","joined_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expiry_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_opportunity_active_unique" ON "applications" USING btree ("user_id","opportunity_id") WHERE "applications"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "opportunities_starts_at_idx" ON "opportunities" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_token_unique" UNIQUE("calendar_token");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status_valid" CHECK ("applications"."status" in ('pending', 'accepted', 'hours_submitted', 'hours_approved', 'completed', 'rejected', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_dates_ordered" CHECK ("opportunities"."ends_at" is null or ("opportunities"."starts_at" is not null and "opportunities"."ends_at" >= "opportunities"."starts_at"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_interest_skills_valid" CHECK ("users"."interest_skills" <@ array['Maths', 'English', 'Computers', 'Arts', 'Science', 'Languages', 'Music', 'Sports', 'Communication', 'Leadership', 'Writing', 'Research']::text[]);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_interest_types_valid" CHECK ("users"."interest_types" <@ array['teaching', 'donation', 'mentoring', 'community_service']::text[]);--> statement-breakpoint
-- The waiting list is announced like every tracked table (see 0001): its counts show on opportunity pages.
CREATE TRIGGER waitlist_entries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "waitlist_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION seva_notify_change();