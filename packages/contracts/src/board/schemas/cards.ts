// Cards: the card payload and what creates, changes and moves one.
import { ListQuery } from "../../pagination.ts";
import { queryInteger } from "../../query.ts";
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { ChecklistText } from "./checklist.ts";
import {
  clearable,
  DUE_AT_RULE,
  DueAtInput,
  IdSchema,
  Name,
  Position,
  QueryFlag,
  TimestampSchema,
} from "./common.ts";
import { CardLabelRefSchema } from "./labels.ts";

export const OWNER_TYPE_NOTE = "Who works the card. Default human; claim_next_card offers only agent cards.";

export const OwnerTypeSchema = z.enum(["human", "agent"]).openapi("OwnerType", {
  description: OWNER_TYPE_NOTE,
});

export const CardSchema = z
  .object({
    id: IdSchema,
    project_id: IdSchema,
    column_id: IdSchema,
    number: z.number().int().openapi({ description: "Per-project handle (#number); never reused." }),
    title: z.string(),
    body: z.string(),
    position: z.number().int().openapi({ description: "0-based among the column's non-archived cards." }),
    assignee_id: IdSchema.nullable(),
    due_at: TimestampSchema.nullable(),
    priority_id: IdSchema.nullable(),
    owner_type: OwnerTypeSchema,
    shepherds: z.array(IdSchema),
    work_phase: z.string().nullable(),
    labels: z.array(CardLabelRefSchema),
    checklist_done: z.number().int(),
    checklist_total: z.number().int(),
    claimed_by: IdSchema.nullable(),
    claimed_at: TimestampSchema.nullable(),
    claim_expires_at: TimestampSchema.nullable(),
    parent_id: IdSchema.nullable(),
    archived: z.boolean(),
    archived_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi("Card");
export type Card = z.infer<typeof CardSchema>;

const cardFields = {
  body: StorableText.max(100_000).optional(),
  assignee_id: clearable(IdSchema, "A member's user id.").optional(),
  due_at: clearable(DueAtInput, `When the card is due: ${DUE_AT_RULE}`).optional(),
  priority_id: clearable(IdSchema, "From list_priorities.").optional(),
  owner_type: OwnerTypeSchema.optional(),
  shepherds: z
    .array(IdSchema)
    .max(50)
    .optional()
    .openapi({ description: "User ids (project members). [] clears; an empty string is invalid." }),
  work_phase: clearable(StorableText.max(200)).optional(),
};

export const CreateCardBody = z
  .strictObject({
    title: Name,
    ...cardFields,
    position: Position.optional(),
    label_ids: z
      .array(IdSchema)
      .max(50)
      .optional()
      .openapi({ description: "Labels of the project (list_labels) to put on the card." }),
    checklist: z
      .array(ChecklistText)
      .max(100)
      .optional()
      .openapi({ description: "Checklist items to create, in order, each not done." }),
  })
  .openapi("CreateCard");
export type CreateCardBody = z.infer<typeof CreateCardBody>;

export const UpdateCardBody = z.strictObject({ title: Name.optional(), ...cardFields }).openapi("UpdateCard");
export type UpdateCardBody = z.infer<typeof UpdateCardBody>;

export const MoveCardBody = z
  .strictObject({
    to_column_id: IdSchema.openapi({ description: "The column to put the card in (same project)." }),
    position: Position.optional().openapi({
      description: "Absent: last.",
    }),
    force: z.boolean().optional().openapi({
      description:
        "true: move a parent into a done column even though some of its children (decompose_card) are not done.",
    }),
  })
  .openapi("MoveCard");

export const FindCardsQuery = ListQuery.extend({
  number: z
    .preprocess(
      // "#7", as a card number is written, is 7.
      (value) => (typeof value === "string" && /^#[0-9]/.test(value) ? value.slice(1) : value),
      queryInteger(z.number().int().min(1).max(2_147_483_647)),
    )
    .optional()
    .openapi({ description: 'A card\'s #number (7 or "#7"), archived or not.', type: "integer" }),
  q: StorableText.trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "Text in the title or body (any case)." }),
  column_id: IdSchema.optional().openapi({ description: "In this column." }),
  label_id: IdSchema.optional().openapi({ description: "With this label." }),
  assignee_id: IdSchema.optional().openapi({ description: "Assigned to this user." }),
  claimed_by: IdSchema.optional().openapi({ description: "Claimed by this user (live claim)." }),
  claimed: QueryFlag.optional().openapi({
    description: "true: cards anyone holds a live claim on; false: cards no one does.",
  }),
  priority_id: IdSchema.optional().openapi({ description: "Of this priority." }),
  due: z.enum(["overdue", "week"]).optional().openapi({
    description: "overdue: due before now; week: due from now to 7 days ahead.",
  }),
  owner_type: OwnerTypeSchema.optional(),
  archived: QueryFlag.optional().openapi({
    description: "true: archived only; false (default unless `number`): unarchived only.",
  }),
});

export const MyCardsQuery = ListQuery.extend({
  claimed: QueryFlag.optional().openapi({ description: "true: cards you hold a live claim on." }),
  assigned: QueryFlag.optional().openapi({ description: "true: cards assigned to you." }),
});
