-- Card search (find_cards ?q=, ILIKE '%…%' on title and body) through trigram indexes instead of
-- reading every card (issue 28). pg_trgm ships with PostgreSQL's contrib (and the embedded PGlite
-- loads it, see packages/db/src/embedded.ts). Queries of fewer than three characters cannot use
-- the index; the search's statement timeout bounds those.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "cards_title_trgm_idx" ON "cards" USING gin ("title" gin_trgm_ops);

CREATE INDEX "cards_body_trgm_idx" ON "cards" USING gin ("body" gin_trgm_ops);
