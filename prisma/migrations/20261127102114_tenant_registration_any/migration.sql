-- AlterTable
ALTER TABLE "auth_tenants" ALTER COLUMN "registration_attachment" SET DEFAULT 'any';

