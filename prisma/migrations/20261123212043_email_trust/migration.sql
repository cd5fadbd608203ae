-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMP(3);

-- AlterTable: existing notifications keep the names they have now.
ALTER TABLE "notifications" ADD COLUMN     "card_title" TEXT,
ADD COLUMN     "project_name" TEXT;
UPDATE "notifications" n SET "card_title" = c."title", "project_name" = p."name"
  FROM "cards" c, "projects" p WHERE c."id" = n."card_id" AND p."id" = n."project_id";
ALTER TABLE "notifications" ALTER COLUMN "card_title" SET NOT NULL,
ALTER COLUMN "project_name" SET NOT NULL;

-- AlterTable: existing invitations (by email, without a link) last a week from now.
ALTER TABLE "project_invitations" ADD COLUMN     "expires_at" TIMESTAMP(3),
ADD COLUMN     "invitee_id" UUID,
ADD COLUMN     "token_hash" TEXT,
ALTER COLUMN "email" DROP NOT NULL;
UPDATE "project_invitations" SET "expires_at" = (now() AT TIME ZONE 'UTC') + interval '7 days';
ALTER TABLE "project_invitations" ALTER COLUMN "expires_at" SET NOT NULL;
-- An invitation names an address or a user, never both, never neither.
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_email_or_invitee"
  CHECK (("email" IS NULL) <> ("invitee_id" IS NULL));

-- CreateTable
CREATE TABLE "email_verifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),

    CONSTRAINT "email_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_verifications_token_hash_key" ON "email_verifications"("token_hash");

-- CreateIndex
CREATE INDEX "email_verifications_user_id_created_at_idx" ON "email_verifications"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "project_invitations_token_hash_key" ON "project_invitations"("token_hash");

-- CreateIndex
CREATE INDEX "project_invitations_invitee_id_idx" ON "project_invitations"("invitee_id");

-- CreateIndex
CREATE UNIQUE INDEX "project_invitations_project_id_invitee_id_key" ON "project_invitations"("project_id", "invitee_id");

-- AddForeignKey
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_invitations" ADD CONSTRAINT "project_invitations_invitee_id_fkey" FOREIGN KEY ("invitee_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

