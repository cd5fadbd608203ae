-- CreateTable
CREATE TABLE "card_blockers" (
    "card_id" UUID NOT NULL,
    "blocker_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" UUID,

    CONSTRAINT "card_blockers_pkey" PRIMARY KEY ("card_id","blocker_id")
);

-- CreateIndex
CREATE INDEX "card_blockers_blocker_id_idx" ON "card_blockers"("blocker_id");

-- AddForeignKey
ALTER TABLE "card_blockers" ADD CONSTRAINT "card_blockers_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_blockers" ADD CONSTRAINT "card_blockers_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_blockers" ADD CONSTRAINT "card_blockers_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

