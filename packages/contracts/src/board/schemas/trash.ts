// The project's trash: deleted cards, kept 30 days for restore_card.
import { z } from "../../zod.ts";
import { CardSchema } from "./cards.ts";
import { TRASH_RETENTION_DAYS } from "../trash-retention.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export { TRASH_RETENTION_DAYS };

export const TrashedCardSchema = CardSchema.extend({
  deleted_at: TimestampSchema.openapi({
    description: `When it went to the trash; it is deleted for good ${TRASH_RETENTION_DAYS} days later.`,
  }),
  deleted_by: IdSchema.nullable().openapi({ description: "Who deleted it (null: since removed)." }),
}).openapi("TrashedCard");
export type TrashedCard = z.infer<typeof TrashedCardSchema>;

export const EmptyTrashResultSchema = z
  .object({ deleted_count: z.number().int().openapi({ description: "Cards deleted for good." }) })
  .openapi("EmptyTrashResult");
