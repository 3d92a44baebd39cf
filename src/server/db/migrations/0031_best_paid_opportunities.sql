-- The open opportunities in reward order, read from an index: the feed's high reward, and 'recommended' for a
-- student without interests (the dashboard's Discover asks for it; docs/performance.md, twenty-first pass).
-- Without it each such page sorted every open opportunity: 4,000 at scale 10.
-- The type and skills follow the unique id, changing no order: a ranking by a student's interests reads them
-- from the index without the wide rows (an index-only scan where the pages are all-visible).
CREATE INDEX "opportunities_best_paid_idx" ON "opportunities" USING btree ("status","visibility","coins_per_hour" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"type","skills");
