// Columns and the board (every column with its cards).
import { queryInteger } from "../../query.ts";
import { z } from "../../zod.ts";
import { CardSchema } from "./cards.ts";
import { IdSchema, Name, Position, QueryFlag, TimestampSchema } from "./common.ts";

export const ColumnSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    name: z.string(),
    position: z.number().int(),
    done: z.boolean().openapi({
      description:
        "Cards here are finished: claim_next_card never offers them and the rot report skips them.",
    }),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Column");
export type Column = z.infer<typeof ColumnSchema>;

const Done = z.boolean().openapi({ description: "true: a column of finished cards (default false)." });
export const CreateColumnBody = z
  .strictObject({ name: Name, position: Position.optional(), done: Done.optional() })
  .openapi("CreateColumn");
export const UpdateColumnBody = z
  .strictObject({ name: Name.optional(), position: Position.optional(), done: Done.optional() })
  .openapi("UpdateColumn");

export const BoardQuery = z
  .object({
    include_archived: QueryFlag.optional().openapi({ description: "true: archived cards are listed too." }),
    column_id: IdSchema.optional().openapi({ description: "Only this column of the board." }),
    cards_limit: queryInteger(z.number().int().min(1).max(500)).optional().openapi({
      description:
        "At most this many cards per column (1..500); each column then says in `cards_next_cursor` where its next cards start.",
    }),
    cards_cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, "Invalid cursor.")
      .optional()
      .openapi({
        description: "With `column_id`: that column's `cards_next_cursor`; its cards after that point.",
      }),
  })
  .refine((query) => !query.cards_cursor || query.column_id, {
    path: ["cards_cursor"],
    message: "cards_cursor needs column_id (a cursor belongs to one column).",
  });

export const BoardColumnSchema = ColumnSchema.extend({
  cards: z.array(CardSchema),
  cards_next_cursor: z.string().nullable().optional().openapi({
    description:
      "Only with `cards_limit`: pass as `cards_cursor` (with this column's `column_id`) for the column's next cards; null when there are no more.",
  }),
}).openapi("BoardColumn");
export type BoardColumn = z.infer<typeof BoardColumnSchema>;

export const ColumnSummarySchema = ColumnSchema.extend({
  card_count: z.number().int().openapi({ description: "Unarchived cards in the column." }),
  archived_card_count: z.number().int().openapi({ description: "Archived cards in the column." }),
}).openapi("ColumnSummary");
export type ColumnSummary = z.infer<typeof ColumnSummarySchema>;
