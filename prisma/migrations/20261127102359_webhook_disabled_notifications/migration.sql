-- AlterEnum
ALTER TYPE "notification_kind" ADD VALUE 'webhook_disabled';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "webhook_id" UUID,
ADD COLUMN     "webhook_url" TEXT,
ALTER COLUMN "actor_id" DROP NOT NULL,
ALTER COLUMN "card_id" DROP NOT NULL,
ALTER COLUMN "card_title" DROP NOT NULL;

