-- CreateEnum
CREATE TYPE "auth_built_in_role" AS ENUM ('admin');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "auth_audit_event_type" ADD VALUE 'tenant_created';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'tenant_updated';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'tenant_disabled';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'tenant_enabled';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'tenant_key_rotated';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_invited';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_removed';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_signed_in';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_signed_out';

-- AlterTable
ALTER TABLE "auth_audit_events" ADD COLUMN     "admin_id" UUID;

-- CreateTable
CREATE TABLE "auth_built_in_tenants" (
    "role" "auth_built_in_role" NOT NULL,
    "tenant_id" UUID NOT NULL,

    CONSTRAINT "auth_built_in_tenants_pkey" PRIMARY KEY ("role")
);

-- CreateTable
CREATE TABLE "auth_admins" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removed_at" TIMESTAMP(3),

    CONSTRAINT "auth_admins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_admin_sessions" (
    "id" UUID NOT NULL,
    "admin_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "auth_admin_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_admin_invites" (
    "id" UUID NOT NULL,
    "admin_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "auth_admin_invites_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "auth_built_in_tenants_tenant_id_key" ON "auth_built_in_tenants"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_admins_user_id_key" ON "auth_admins"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_admins_email_key" ON "auth_admins"("email");

-- CreateIndex
CREATE UNIQUE INDEX "auth_admin_sessions_token_hash_key" ON "auth_admin_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "auth_admin_sessions_admin_id_idx" ON "auth_admin_sessions"("admin_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_admin_invites_token_hash_key" ON "auth_admin_invites"("token_hash");

-- CreateIndex
CREATE INDEX "auth_admin_invites_admin_id_idx" ON "auth_admin_invites"("admin_id");

-- CreateIndex
CREATE INDEX "auth_audit_events_created_at_idx" ON "auth_audit_events"("created_at");

-- AddForeignKey
ALTER TABLE "auth_built_in_tenants" ADD CONSTRAINT "auth_built_in_tenants_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "auth_tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_admins" ADD CONSTRAINT "auth_admins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "auth_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_admin_sessions" ADD CONSTRAINT "auth_admin_sessions_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "auth_admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_admin_invites" ADD CONSTRAINT "auth_admin_invites_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "auth_admins"("id") ON DELETE CASCADE ON UPDATE CASCADE;

