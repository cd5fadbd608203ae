-- CreateEnum
CREATE TYPE "auth_qr_status" AS ENUM ('pending', 'scanned', 'completed', 'cancelled', 'failed', 'error');

-- CreateEnum
CREATE TYPE "auth_qr_purpose" AS ENUM ('authenticate', 'register');

-- CreateTable
CREATE TABLE "auth_qr_challenges" (
    "id" TEXT NOT NULL,
    "tenant_id" UUID NOT NULL,
    "purpose" "auth_qr_purpose" NOT NULL,
    "status" "auth_qr_status" NOT NULL DEFAULT 'pending',
    "user_id" UUID,
    "passkey_name" TEXT,
    "origin" TEXT,
    "desktop_agent" TEXT NOT NULL,
    "starter_secret_hash" TEXT NOT NULL,
    "mobile_secret_hash" TEXT NOT NULL,
    "phone_token_hash" TEXT,
    "message" TEXT,
    "ceremony_id" TEXT,
    "passkey_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "scanned_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "auth_qr_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "auth_qr_challenges_mobile_secret_hash_key" ON "auth_qr_challenges"("mobile_secret_hash");

-- CreateIndex
CREATE UNIQUE INDEX "auth_qr_challenges_phone_token_hash_key" ON "auth_qr_challenges"("phone_token_hash");

-- CreateIndex
CREATE INDEX "auth_qr_challenges_expires_at_idx" ON "auth_qr_challenges"("expires_at");

