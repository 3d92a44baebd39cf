-- The open opportunities in reward order, read from an index: the feed's high reward, and 'recommended' for a
-- student without interests (the dashboard's Discover asks for it; docs/performance.md, twenty-first pass).
-- Without it each such page sorted every open opportunity: 4,000 at scale 10.
CREATE INDEX "opportunities_best_paid_idx" ON "opportunities" USING btree ("status","visibility","coins_per_hour" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
