-- AlterTable
ALTER TABLE "auth_tenants" ADD COLUMN     "password_login" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "self_signup" BOOLEAN NOT NULL DEFAULT false;

-- Password login was open to every tenant before this setting: the tenants that exist keep it (the
-- built-in admin tenant excepted: administrators never sign in with a password). New tenants start off.
UPDATE "auth_tenants" SET "password_login" = true
WHERE NOT EXISTS (SELECT 1 FROM "auth_built_in_tenants" b WHERE b."tenant_id" = "auth_tenants"."id");
