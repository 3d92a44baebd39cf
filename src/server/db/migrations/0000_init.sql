CREATE TABLE "applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"notes" text,
	"coins_awarded" integer DEFAULT 0 NOT NULL,
	"hours_completed" double precision DEFAULT 0 NOT NULL,
	"submitted_hours" double precision DEFAULT 0 NOT NULL,
	"hour_submission_date" timestamp with time zone,
	"admin_feedback" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_valid" CHECK ("applications"."status" in ('pending', 'accepted', 'hours_submitted', 'hours_approved', 'completed', 'rejected')),
	CONSTRAINT "applications_coins_non_negative" CHECK ("applications"."coins_awarded" >= 0),
	CONSTRAINT "applications_hours_non_negative" CHECK ("applications"."hours_completed" >= 0 and "applications"."submitted_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "hour_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hour_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"application_id" integer NOT NULL,
	"hours" double precision NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"coins_awarded" integer DEFAULT 0 NOT NULL,
	"feedback" text,
	CONSTRAINT "hour_submissions_status_valid" CHECK ("hour_submissions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "hour_submissions_hours_valid" CHECK ("hour_submissions"."hours" > 0 and "hour_submissions"."hours" * 2 = floor("hour_submissions"."hours" * 2)),
	CONSTRAINT "hour_submissions_coins_non_negative" CHECK ("hour_submissions"."coins_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"coins_required" integer NOT NULL,
	"type" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_name_unique" UNIQUE("name"),
	CONSTRAINT "badges_type_valid" CHECK ("badges"."type" in ('gold', 'silver', 'bronze', 'default')),
	CONSTRAINT "badges_coins_required_non_negative" CHECK ("badges"."coins_required" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_badges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coin_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"application_id" integer,
	"hour_submission_id" integer,
	"opportunity_id" integer,
	"opportunity_title" text,
	"awarded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "opportunities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"short_description" text NOT NULL,
	"full_description" text NOT NULL,
	"image_url" text,
	"type" text DEFAULT 'teaching' NOT NULL,
	"duration" text DEFAULT '1week' NOT NULL,
	"custom_duration" text,
	"schedule" text,
	"location" text,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer,
	"total_required_hours" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"coins_per_hour" integer DEFAULT 10 NOT NULL,
	"max_coins" integer DEFAULT 100 NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"contact_email" text,
	"contact_phone" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunities_type_valid" CHECK ("opportunities"."type" in ('teaching', 'donation', 'mentoring', 'community_service')),
	CONSTRAINT "opportunities_duration_valid" CHECK ("opportunities"."duration" in ('instant', '1-3days', '1week', '2-4weeks', 'custom')),
	CONSTRAINT "opportunities_status_valid" CHECK ("opportunities"."status" in ('open', 'closed', 'filled')),
	CONSTRAINT "opportunities_visibility_valid" CHECK ("opportunities"."visibility" in ('public', 'private')),
	CONSTRAINT "opportunities_capacity_positive" CHECK ("opportunities"."capacity" is null or "opportunities"."capacity" >= 1),
	CONSTRAINT "opportunities_total_hours_positive" CHECK ("opportunities"."total_required_hours" is null or "opportunities"."total_required_hours" >= 1),
	CONSTRAINT "opportunities_coins_per_hour_range" CHECK ("opportunities"."coins_per_hour" between 1 and 1000),
	CONSTRAINT "opportunities_max_coins_range" CHECK ("opportunities"."max_coins" between 1 and 100000),
	CONSTRAINT "opportunities_title_length" CHECK (char_length("opportunities"."title") between 1 and 200),
	CONSTRAINT "opportunities_short_description_length" CHECK (char_length("opportunities"."short_description") between 1 and 160)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"profile_image_url" text,
	"role" text DEFAULT 'student' NOT NULL,
	"program" text,
	"coins" integer DEFAULT 0 NOT NULL,
	"anonymize_leaderboard" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('student', 'admin')),
	CONSTRAINT "users_program_valid" CHECK ("users"."program" is null or "users"."program" in ('PGP', 'PGPBA', 'Executive', 'PhD', 'Faculty', 'Staff')),
	CONSTRAINT "users_coins_non_negative" CHECK ("users"."coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD CONSTRAINT "hour_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_submissions" ADD CONSTRAINT "hour_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_hour_submission_id_hour_submissions_id_fk" FOREIGN KEY ("hour_submission_id") REFERENCES "public"."hour_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_awarded_by_users_id_fk" FOREIGN KEY ("awarded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_opportunity_unique" ON "applications" USING btree ("user_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "applications_opportunity_status_idx" ON "applications" USING btree ("opportunity_id","status");--> statement-breakpoint
CREATE INDEX "applications_status_applied_at_idx" ON "applications" USING btree ("status","applied_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_applied_at_idx" ON "applications" USING btree ("applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hour_submissions_one_pending_idx" ON "hour_submissions" USING btree ("application_id") WHERE "hour_submissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "hour_submissions_application_idx" ON "hour_submissions" USING btree ("application_id","submitted_at");--> statement-breakpoint
CREATE INDEX "badges_coins_required_idx" ON "badges" USING btree ("coins_required");--> statement-breakpoint
CREATE UNIQUE INDEX "user_badges_user_badge_unique" ON "user_badges" USING btree ("user_id","badge_id");--> statement-breakpoint
CREATE INDEX "user_badges_badge_idx" ON "user_badges" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "coin_ledger_user_created_idx" ON "coin_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_created_idx" ON "coin_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coin_ledger_opportunity_user_idx" ON "coin_ledger" USING btree ("opportunity_id","user_id");--> statement-breakpoint
CREATE INDEX "coin_ledger_application_idx" ON "coin_ledger" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "opportunities_listing_idx" ON "opportunities" USING btree ("status","visibility","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunities_created_at_idx" ON "opportunities" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "opportunities_created_by_idx" ON "opportunities" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_role_coins_idx" ON "users" USING btree ("role","coins");