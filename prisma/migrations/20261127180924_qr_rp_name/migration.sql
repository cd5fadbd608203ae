-- AlterTable
ALTER TABLE "auth_qr_challenges" ADD COLUMN     "rp_name" TEXT;

