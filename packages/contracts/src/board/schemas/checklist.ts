// Checklist items of a card.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, Position, TimestampSchema } from "./common.ts";

export const ChecklistItemSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    text: z.string(),
    done: z.boolean(),
    position: z.number().int(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("ChecklistItem");
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const ChecklistText = StorableText.trim().min(1).max(2000);
export const CreateChecklistItemBody = z
  .strictObject({ text: ChecklistText, done: z.boolean().optional() })
  .openapi("CreateChecklistItem");
export const UpdateChecklistItemBody = z
  .strictObject({
    text: ChecklistText.optional(),
    done: z.boolean().optional(),
    position: Position.optional(),
  })
  .openapi("UpdateChecklistItem");
