-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "auth_audit_event_type" ADD VALUE 'user_deleted';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'user_sessions_revoked';

-- CreateIndex
CREATE INDEX "auth_audit_events_user_id_created_at_idx" ON "auth_audit_events"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "auth_audit_events_admin_id_created_at_idx" ON "auth_audit_events"("admin_id", "created_at");

