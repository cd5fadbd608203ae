-- AlterTable
ALTER TABLE "columns" ADD COLUMN     "done" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "column_done" BOOLEAN NOT NULL DEFAULT false;


-- Hand-written below: Prisma's schema cannot express triggers or partial indexes.
-- A card carries a copy of its column's `done`, like its column_rank (migration claim_order), so
-- that claim-next's partial index holds only cards that can be offered: cards in a done column
-- leave it, and a Done column holding thousands of finished cards costs claim-next nothing.
CREATE OR REPLACE FUNCTION "cards_copy_claim_ranks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "position", "done" INTO NEW."column_rank", NEW."column_done" FROM "columns" WHERE "id" = NEW."column_id";
  NEW."priority_rank" := (SELECT "position" FROM "priorities" WHERE "id" = NEW."priority_id");
  RETURN NEW;
END $$;

CREATE FUNCTION "columns_copy_done"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cards" SET "column_done" = NEW."done" WHERE "column_id" = NEW."id";
  RETURN NULL;
END $$;

CREATE TRIGGER "columns_done" AFTER UPDATE OF "done" ON "columns"
  FOR EACH ROW WHEN (OLD."done" IS DISTINCT FROM NEW."done")
  EXECUTE FUNCTION "columns_copy_done"();

DROP INDEX "cards_claim_order_idx";
CREATE INDEX "cards_claim_order_idx" ON "cards" ("project_id", "priority_rank", "column_rank", "position", "id")
  WHERE "owner_type" = 'agent' AND "archived_at" IS NULL AND NOT "column_done";
