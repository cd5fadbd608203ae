-- AlterTable
ALTER TABLE "auth_tenants" ADD COLUMN     "registration_attachment" TEXT NOT NULL DEFAULT 'auto';


-- The dashboard's administrators sign up on whatever device they have (contracts: the built-in
-- admin tenant is `any`).
UPDATE "auth_tenants" SET "registration_attachment" = 'any'
WHERE "id" IN (SELECT "tenant_id" FROM "auth_built_in_tenants" WHERE "role" = 'admin');
