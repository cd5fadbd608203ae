-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "blocked" BOOLEAN NOT NULL DEFAULT false;


-- Hand-written below: Prisma's schema cannot express triggers or partial indexes.
-- A card carries whether an open blocker (not archived, not in a done column) holds it back, so
-- that blocked cards leave claim-next's partial index: claim-next then never walks past them (on a
-- project where half the queue waits, it walked and checked every blocked card on each claim).
-- claim-next and list_ready_cards still check the links themselves (READY), so the copy can only
-- make them skip work faster, never offer a blocked card.
--
-- Whoever recomputes takes the project's blocker lock first (the advisory lock addBlocker takes,
-- held until commit) and reads after it: each recomputation then sees every change of those who
-- recomputed before it, and the last one to touch a card is right. Changes recompute: a link added
-- or removed (its card), and a card entering or leaving the open state (the cards it blocks).
CREATE FUNCTION "card_blockers_lock"("project" uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('card_blockers:' || "project"::text, 0))
$$;

CREATE FUNCTION "card_blockers_refresh_card"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "card" uuid;
  "project" uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN "card" := OLD."card_id"; ELSE "card" := NEW."card_id"; END IF;
  SELECT "project_id" INTO "project" FROM "cards" WHERE "id" = "card";
  IF "project" IS NULL THEN RETURN NULL; END IF; -- the card itself is being deleted
  PERFORM "card_blockers_lock"("project");
  UPDATE "cards" AS c SET "blocked" = NOT c."blocked"
  WHERE c."id" = "card" AND c."blocked" IS DISTINCT FROM EXISTS (
    SELECT 1 FROM "card_blockers" cb JOIN "cards" bc ON bc."id" = cb."blocker_id"
    WHERE cb."card_id" = c."id" AND bc."archived_at" IS NULL AND NOT bc."column_done");
  RETURN NULL;
END $$;

CREATE TRIGGER "card_blockers_blocked" AFTER INSERT OR DELETE ON "card_blockers"
  FOR EACH ROW EXECUTE FUNCTION "card_blockers_refresh_card"();

CREATE FUNCTION "cards_refresh_blocked_dependents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "card_blockers_lock"(NEW."project_id");
  UPDATE "cards" AS c SET "blocked" = NOT c."blocked"
  WHERE c."id" IN (SELECT "card_id" FROM "card_blockers" WHERE "blocker_id" = NEW."id")
    AND c."blocked" IS DISTINCT FROM EXISTS (
      SELECT 1 FROM "card_blockers" cb JOIN "cards" bc ON bc."id" = cb."blocker_id"
      WHERE cb."card_id" = c."id" AND bc."archived_at" IS NULL AND NOT bc."column_done");
  RETURN NULL;
END $$;

-- No column list: column_done changes through the BEFORE trigger of a move (cards_claim_ranks),
-- which an `UPDATE OF` list would not see.
CREATE TRIGGER "cards_blocked_dependents" AFTER UPDATE ON "cards"
  FOR EACH ROW WHEN (OLD."column_done" IS DISTINCT FROM NEW."column_done"
    OR (OLD."archived_at" IS NULL) IS DISTINCT FROM (NEW."archived_at" IS NULL))
  EXECUTE FUNCTION "cards_refresh_blocked_dependents"();

UPDATE "cards" AS c SET "blocked" = true
WHERE EXISTS (
  SELECT 1 FROM "card_blockers" cb JOIN "cards" bc ON bc."id" = cb."blocker_id"
  WHERE cb."card_id" = c."id" AND bc."archived_at" IS NULL AND NOT bc."column_done");

DROP INDEX "cards_claim_order_idx";
CREATE INDEX "cards_claim_order_idx" ON "cards" ("project_id", "priority_rank", "column_rank", "position", "id")
  WHERE "owner_type" = 'agent' AND "archived_at" IS NULL AND NOT "column_done" AND NOT "blocked";
