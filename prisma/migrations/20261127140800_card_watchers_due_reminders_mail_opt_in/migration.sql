-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "notification_kind" ADD VALUE 'watched';
ALTER TYPE "notification_kind" ADD VALUE 'due_soon';

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_notifications" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "mail_checked_at" TIMESTAMP(3);
-- Notifications written before mail existed are not mailed now.
UPDATE "notifications" SET "mail_checked_at" = "created_at";

-- AlterTable
ALTER TABLE "cards" ADD COLUMN     "due_reminded_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "card_watchers" (
    "card_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "card_watchers_pkey" PRIMARY KEY ("card_id","user_id")
);

-- CreateIndex
CREATE INDEX "card_watchers_user_id_idx" ON "card_watchers"("user_id");

-- AddForeignKey
ALTER TABLE "card_watchers" ADD CONSTRAINT "card_watchers_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "card_watchers" ADD CONSTRAINT "card_watchers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The mail sweep takes notifications it has not looked at yet (each once; rows leave the index).
CREATE INDEX "notifications_mail_unchecked_idx" ON "notifications"("id") WHERE "mail_checked_at" IS NULL;

-- The due-date reminder sweep: assigned cards with a due date it has not reminded of yet.
CREATE INDEX "cards_due_unreminded_idx" ON "cards"("due_at")
  WHERE "assignee_id" IS NOT NULL AND "archived_at" IS NULL AND "due_reminded_at" IS DISTINCT FROM "due_at";
