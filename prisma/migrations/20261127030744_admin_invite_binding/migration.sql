-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_passkey_flagged';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'backup_eligibility_changed';

-- AlterTable
ALTER TABLE "auth_credentials" ADD COLUMN     "admin_invite_id" UUID,
ADD COLUMN     "invite_issuer_id" UUID,
ADD COLUMN     "invite_issuer_removed_at" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "auth_credentials_invite_issuer_id_idx" ON "auth_credentials"("invite_issuer_id");

