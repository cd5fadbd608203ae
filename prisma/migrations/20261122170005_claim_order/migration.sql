-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "column_rank" INTEGER,
ADD COLUMN     "priority_rank" INTEGER;


-- claim-next takes the first eligible agent card in the order: priority position (nulls last),
-- column position, card position, id. The card carries copies of its priority's and column's
-- positions so that one partial index holds that order: claim-next then reads the index from the
-- front instead of sorting every agent card of the project. Triggers keep the copies exact,
-- whoever writes (the app, the CLI, SQL by hand).

-- Hand-written below: Prisma's schema cannot express triggers or partial indexes.
UPDATE "cards" AS c SET "column_rank" = col."position" FROM "columns" AS col WHERE col."id" = c."column_id";
UPDATE "cards" AS c SET "priority_rank" = p."position" FROM "priorities" AS p WHERE p."id" = c."priority_id";

CREATE FUNCTION "cards_copy_claim_ranks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."column_rank" := (SELECT "position" FROM "columns" WHERE "id" = NEW."column_id");
  NEW."priority_rank" := (SELECT "position" FROM "priorities" WHERE "id" = NEW."priority_id");
  RETURN NEW;
END $$;

CREATE TRIGGER "cards_claim_ranks" BEFORE INSERT OR UPDATE OF "column_id", "priority_id" ON "cards"
  FOR EACH ROW EXECUTE FUNCTION "cards_copy_claim_ranks"();

CREATE FUNCTION "columns_copy_claim_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cards" SET "column_rank" = NEW."position" WHERE "column_id" = NEW."id";
  RETURN NULL;
END $$;

CREATE TRIGGER "columns_claim_rank" AFTER UPDATE OF "position" ON "columns"
  FOR EACH ROW WHEN (OLD."position" IS DISTINCT FROM NEW."position")
  EXECUTE FUNCTION "columns_copy_claim_rank"();

CREATE FUNCTION "priorities_copy_claim_rank"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cards" SET "priority_rank" = NEW."position" WHERE "priority_id" = NEW."id";
  RETURN NULL;
END $$;

CREATE TRIGGER "priorities_claim_rank" AFTER UPDATE OF "position" ON "priorities"
  FOR EACH ROW WHEN (OLD."position" IS DISTINCT FROM NEW."position")
  EXECUTE FUNCTION "priorities_copy_claim_rank"();

-- Agent cards not archived, in claim order (ASC puts a null priority_rank last).
CREATE INDEX "cards_claim_order_idx" ON "cards" ("project_id", "priority_rank", "column_rank", "position", "id")
  WHERE "owner_type" = 'agent' AND "archived_at" IS NULL;
