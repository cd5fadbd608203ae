-- AlterTable
ALTER TABLE "auth_admin_invites" ADD COLUMN     "invited_by_id" UUID;

-- CreateIndex
CREATE INDEX "auth_admin_invites_invited_by_id_idx" ON "auth_admin_invites"("invited_by_id");

