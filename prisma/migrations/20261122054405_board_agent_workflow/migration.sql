-- CreateEnum
CREATE TYPE "comment_kind" AS ENUM ('comment', 'handoff');

-- CreateEnum
CREATE TYPE "finding_kind" AS ENUM ('bug', 'risk', 'question', 'note');

-- CreateEnum
CREATE TYPE "finding_severity" AS ENUM ('low', 'medium', 'high', 'critical');

-- AlterTable
ALTER TABLE "comments" ADD COLUMN     "kind" "comment_kind" NOT NULL DEFAULT 'comment';

-- CreateTable
CREATE TABLE "plans" (
    "id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "summary" TEXT NOT NULL,
    "steps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "author_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gate_criteria" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "column_id" UUID,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "gate_criteria_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gate_acks" (
    "card_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "acked_by" UUID NOT NULL,
    "note" TEXT,
    "acked_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gate_acks_pkey" PRIMARY KEY ("card_id","criterion_id")
);

-- CreateTable
CREATE TABLE "attention" (
    "user_id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "note" TEXT,
    "since" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "attention_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "findings" (
    "id" UUID NOT NULL,
    "card_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "kind" "finding_kind" NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT,
    "severity" "finding_severity",
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "findings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "plans_card_id_version_key" ON "plans"("card_id", "version");

-- CreateIndex
CREATE INDEX "gate_criteria_project_id_column_id_idx" ON "gate_criteria"("project_id", "column_id");

-- CreateIndex
CREATE INDEX "gate_acks_criterion_id_idx" ON "gate_acks"("criterion_id");

-- CreateIndex
CREATE INDEX "attention_project_id_expires_at_idx" ON "attention"("project_id", "expires_at");

-- CreateIndex
CREATE INDEX "findings_card_id_id_idx" ON "findings"("card_id", "id");

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plans" ADD CONSTRAINT "plans_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_criteria" ADD CONSTRAINT "gate_criteria_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_criteria" ADD CONSTRAINT "gate_criteria_column_id_fkey" FOREIGN KEY ("column_id") REFERENCES "columns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_acks" ADD CONSTRAINT "gate_acks_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_acks" ADD CONSTRAINT "gate_acks_criterion_id_fkey" FOREIGN KEY ("criterion_id") REFERENCES "gate_criteria"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gate_acks" ADD CONSTRAINT "gate_acks_acked_by_fkey" FOREIGN KEY ("acked_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attention" ADD CONSTRAINT "attention_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attention" ADD CONSTRAINT "attention_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "attention" ADD CONSTRAINT "attention_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "findings" ADD CONSTRAINT "findings_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "findings" ADD CONSTRAINT "findings_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

