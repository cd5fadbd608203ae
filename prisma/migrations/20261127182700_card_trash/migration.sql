-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "created_by" UUID,
ADD COLUMN     "deleted_at" TIMESTAMP(3),
ADD COLUMN     "deleted_by" UUID;

-- CreateIndex
CREATE INDEX "cards_project_id_deleted_at_idx" ON "cards"("project_id", "deleted_at");

-- AddForeignKey
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cards" ADD CONSTRAINT "cards_deleted_by_fkey" FOREIGN KEY ("deleted_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;



-- Hand-written below.
-- Cards made before this migration: their creator is the one their activity log says created them.
UPDATE "cards" AS c SET "created_by" = a."actor_id"
FROM "card_activity" a WHERE a."card_id" = c."id" AND a."kind" = 'created';

-- A card in the trash holds nobody back: the blocked copy (see the blocked_cards migration) now
-- counts a blocker as open only when it is neither archived, done nor trashed, and is recomputed
-- when a card goes to the trash or comes back.
CREATE OR REPLACE FUNCTION "card_blockers_refresh_card"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE cb."card_id" = c."id" AND bc."archived_at" IS NULL AND bc."deleted_at" IS NULL AND NOT bc."column_done");
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "cards_refresh_blocked_dependents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "card_blockers_lock"(NEW."project_id");
  UPDATE "cards" AS c SET "blocked" = NOT c."blocked"
  WHERE c."id" IN (SELECT "card_id" FROM "card_blockers" WHERE "blocker_id" = NEW."id")
    AND c."blocked" IS DISTINCT FROM EXISTS (
      SELECT 1 FROM "card_blockers" cb JOIN "cards" bc ON bc."id" = cb."blocker_id"
      WHERE cb."card_id" = c."id" AND bc."archived_at" IS NULL AND bc."deleted_at" IS NULL AND NOT bc."column_done");
  RETURN NULL;
END $$;

DROP TRIGGER "cards_blocked_dependents" ON "cards";
CREATE TRIGGER "cards_blocked_dependents" AFTER UPDATE ON "cards"
  FOR EACH ROW WHEN (OLD."column_done" IS DISTINCT FROM NEW."column_done"
    OR (OLD."archived_at" IS NULL) IS DISTINCT FROM (NEW."archived_at" IS NULL)
    OR (OLD."deleted_at" IS NULL) IS DISTINCT FROM (NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "cards_refresh_blocked_dependents"();

-- claim-next never offers a trashed card: it leaves the partial index too.
DROP INDEX "cards_claim_order_idx";
CREATE INDEX "cards_claim_order_idx" ON "cards" ("project_id", "priority_rank", "column_rank", "position", "id")
  WHERE "owner_type" = 'agent' AND "archived_at" IS NULL AND "deleted_at" IS NULL AND NOT "column_done" AND NOT "blocked";
