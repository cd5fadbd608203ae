-- CreateTable
CREATE TABLE "idempotency_keys" (
    "user_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "operation" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "response" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- Column names become unique per project: earlier duplicates get " (2)", " (3)", … in board order.
UPDATE "columns" AS c SET "name" = c."name" || ' (' || d.rn || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "project_id", "name" ORDER BY "position", "id") AS rn
  FROM "columns"
) AS d
WHERE c."id" = d."id" AND d.rn > 1;

-- CreateIndex
CREATE UNIQUE INDEX "columns_project_id_name_key" ON "columns"("project_id", "name");

