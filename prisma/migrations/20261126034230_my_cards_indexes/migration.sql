-- CreateIndex
CREATE INDEX "cards_assignee_id_idx" ON "cards"("assignee_id");

-- CreateIndex
CREATE INDEX "cards_claimed_by_idx" ON "cards"("claimed_by");

