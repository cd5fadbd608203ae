-- CreateEnum
CREATE TYPE "auth_qr_login" AS ENUM ('on', 'off');

-- CreateEnum
CREATE TYPE "auth_passkey_created_via" AS ENUM ('direct', 'qr', 'invite', 'dashboard');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_invite_spent';
ALTER TYPE "auth_audit_event_type" ADD VALUE 'admin_request_refused';

-- AlterTable
ALTER TABLE "auth_tenants" ADD COLUMN     "qr_login" "auth_qr_login" NOT NULL DEFAULT 'on';

-- AlterTable
ALTER TABLE "auth_credentials" ADD COLUMN     "created_via" "auth_passkey_created_via";

-- AlterTable
ALTER TABLE "auth_qr_challenges" DROP COLUMN "desktop_agent",
ADD COLUMN     "starter_network" TEXT;


-- The built-in admin tenant signs in without QR codes: a code shown to an administrator could be
-- an attacker's (QR login relaying).
UPDATE "auth_tenants" SET "qr_login" = 'off'
WHERE "id" IN (SELECT "tenant_id" FROM "auth_built_in_tenants" WHERE "role" = 'admin');

-- An administrator's sign-in no longer leaves a cookie session beside the dashboard's: end those
-- left by earlier sign-ins (they could register passkeys and outlived the dashboard's logout).
UPDATE "auth_sessions" SET "revoked_at" = CURRENT_TIMESTAMP
WHERE "revoked_at" IS NULL
  AND "tenant_id" IN (SELECT "tenant_id" FROM "auth_built_in_tenants" WHERE "role" = 'admin');
