-- CreateTable
CREATE TABLE "project_events" (
    "project_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "type" TEXT NOT NULL,
    "actor_id" UUID NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "project_events_pkey" PRIMARY KEY ("project_id","seq")
);

-- CreateTable
CREATE TABLE "project_event_counters" (
    "project_id" UUID NOT NULL,
    "last_seq" BIGINT NOT NULL,

    CONSTRAINT "project_event_counters_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "project_events_at_idx" ON "project_events"("at");

-- AddForeignKey
ALTER TABLE "project_events" ADD CONSTRAINT "project_events_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_event_counters" ADD CONSTRAINT "project_event_counters_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

