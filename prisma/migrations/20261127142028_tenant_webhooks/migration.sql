-- CreateTable
CREATE TABLE "auth_webhooks" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "events" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "auth_webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_webhook_deliveries" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "tries" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3),
    "locked_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_webhook_delivery_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,

    CONSTRAINT "auth_webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "auth_webhooks_tenant_id_idx" ON "auth_webhooks"("tenant_id");

-- CreateIndex
CREATE INDEX "auth_webhook_deliveries_webhook_id_id_idx" ON "auth_webhook_deliveries"("webhook_id", "id");

-- CreateIndex
CREATE INDEX "auth_webhook_deliveries_status_next_attempt_at_idx" ON "auth_webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "auth_webhook_deliveries_created_at_idx" ON "auth_webhook_deliveries"("created_at");

-- CreateIndex
CREATE INDEX "auth_webhook_delivery_attempts_delivery_id_id_idx" ON "auth_webhook_delivery_attempts"("delivery_id", "id");

-- AddForeignKey
ALTER TABLE "auth_webhooks" ADD CONSTRAINT "auth_webhooks_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "auth_tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_webhook_deliveries" ADD CONSTRAINT "auth_webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "auth_webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_webhook_delivery_attempts" ADD CONSTRAINT "auth_webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "auth_webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

