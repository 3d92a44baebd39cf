-- Indexes in the exact orders the lists ask for (`desc` puts nulls first in PostgreSQL, and the id breaks ties),
-- so a page of the newest applications or opportunities is read from the index instead of sorting every row.
DROP INDEX "applications_status_applied_at_idx";--> statement-breakpoint
DROP INDEX "applications_updated_at_idx";--> statement-breakpoint
DROP INDEX "opportunities_listing_idx";--> statement-breakpoint
DROP INDEX "opportunities_created_at_idx";--> statement-breakpoint
CREATE INDEX "applications_status_applied_at_idx" ON "applications" USING btree ("status","applied_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_updated_at_idx" ON "applications" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "opportunities_listing_idx" ON "opportunities" USING btree ("status","visibility","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "opportunities_created_at_idx" ON "opportunities" USING btree ("created_at" DESC NULLS FIRST,"id");