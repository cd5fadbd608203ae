-- AlterTable
ALTER TABLE "auth_tenants" ADD COLUMN     "declared_fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "declared_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "auth_tenants_declared_key_key" ON "auth_tenants"("declared_key");

