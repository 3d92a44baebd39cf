ALTER TABLE "users" ADD COLUMN "password_is_temporary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temporary_password_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "awaiting_first_sign_in" boolean DEFAULT false NOT NULL;