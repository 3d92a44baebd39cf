-- The scheduler's resubmit reminders look back one week past their due day (ADR 0073): hours sent back between two
-- and one week ago. Every pass used to read every rejected submission the school ever had.
CREATE INDEX "hour_submissions_rejected_idx" ON "hour_submissions" USING btree ("reviewed_at") WHERE "hour_submissions"."status" = 'rejected';
