-- AlterTable
ALTER TABLE "web_sessions" ADD COLUMN     "stepped_up_at" TIMESTAMP(3);
