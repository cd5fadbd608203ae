// Entry gates: criteria a card must meet before it can be claimed.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export const GateCriterionSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    column_id: IdSchema.nullable().openapi({
      description: "Applies to the cards of this column; null: to every card of the project.",
    }),
    text: z.string(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("GateCriterion");
export type GateCriterion = z.infer<typeof GateCriterionSchema>;

const GATE_COLUMN_NOTE = "A column (list_columns): the criterion applies to its cards; null: to every card.";
const CriterionText = StorableText.trim().min(1).max(2000);
export const CreateGateCriterionBody = z
  .strictObject({
    text: CriterionText,
    column_id: IdSchema.nullable().optional().openapi({ description: GATE_COLUMN_NOTE }),
  })
  .openapi("CreateGateCriterion");
export const UpdateGateCriterionBody = z
  .strictObject({
    text: CriterionText.optional(),
    column_id: IdSchema.nullable().optional().openapi({ description: GATE_COLUMN_NOTE }),
  })
  .openapi("UpdateGateCriterion");

export const GateSchema = z
  .object({
    card_id: IdSchema,
    satisfied: z.boolean().openapi({ description: "true when every criterion listed is acked." }),
    criteria: z.array(
      z.object({
        id: IdSchema,
        text: z.string(),
        column_id: IdSchema.nullable(),
        acked: z.boolean(),
        acked_by: IdSchema.nullable(),
        acked_at: TimestampSchema.nullable(),
        note: z.string().nullable(),
      }),
    ),
  })
  .openapi("Gate");
export type Gate = z.infer<typeof GateSchema>;

export const GateAckBody = z
  .strictObject({
    criterion_id: IdSchema.openapi({ description: "From get_card_gate." }),
    note: StorableText.max(10_000).optional(),
  })
  .openapi("GateAck");
export const GateAckSchema = z
  .object({
    card_id: IdSchema,
    criterion_id: IdSchema,
    acked_by: IdSchema,
    acked_at: TimestampSchema,
    note: z.string().nullable(),
  })
  .openapi("GateAckRecord");
