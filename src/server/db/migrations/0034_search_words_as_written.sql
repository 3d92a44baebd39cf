-- The search document holds each field twice: stemmed ('english'), as before, and as written ('simple'), so that a
-- half-typed last word of a search is a prefix of a word as written: 'educati' of 'education', whose stem 'educ' it
-- is not (ADR 0079). A generated column's expression cannot be altered: the column is dropped with its index and
-- added again, which computes it for every row.
ALTER TABLE "opportunities" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "title"), 'A')
  || setweight(to_tsvector('english'::regconfig, seva_words("skills")), 'B')
  || setweight(to_tsvector('english'::regconfig, "short_description"), 'B')
  || setweight(to_tsvector('english'::regconfig, "full_description"), 'C')
  || setweight(to_tsvector('simple'::regconfig, "title"), 'A')
  || setweight(to_tsvector('simple'::regconfig, seva_words("skills")), 'B')
  || setweight(to_tsvector('simple'::regconfig, "short_description"), 'B')
  || setweight(to_tsvector('simple'::regconfig, "full_description"), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("search_vector");
