-- AlterTable
ALTER TABLE "web_sessions" ADD COLUMN     "step_up_challenge_id" TEXT;

