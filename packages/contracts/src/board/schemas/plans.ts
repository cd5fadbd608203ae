// Plans, decomposition into child cards, and handoff.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { CardSchema, OwnerTypeSchema } from "./cards.ts";
import { ChecklistText } from "./checklist.ts";
import { IdSchema, Name, TimestampSchema } from "./common.ts";
import { CardRefSchema } from "./dependencies.ts";

/** Children per decompose call. */
export const DECOMPOSE_MAX_CHILDREN = 50;

export const PlanSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    version: z.number().int().openapi({ description: "1 for the card's first plan, then 2, 3, …" }),
    summary: z.string(),
    steps: z.array(z.string()),
    author_id: IdSchema,
    created_at: TimestampSchema,
  })
  .openapi("Plan");
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /cards/{card_id}`: the card payload plus its latest plan. */
export const CardWithPlanSchema = CardSchema.extend({
  plan: PlanSchema.nullable().openapi({ description: "The latest published plan; null when none." }),
  blocked_by: z.array(CardRefSchema).openapi({
    description:
      "The cards this one waits for (add_blocker), by number. While one is not done the card is not ready: claim_next_card skips it.",
  }),
  blocks: z.array(CardRefSchema).openapi({ description: "The cards that wait for this one, by number." }),
}).openapi("CardWithPlan");
export type CardWithPlan = z.infer<typeof CardWithPlanSchema>;

export const PublishPlanBody = z
  .strictObject({
    summary: StorableText.trim().min(1).max(10_000),
    steps: z.array(StorableText.trim().min(1).max(2000)).max(200).default([]),
    as_checklist: z
      .boolean()
      .default(false)
      .openapi({ description: "true: each step is also appended to the card's checklist." }),
  })
  .openapi("PublishPlan");

export const DecomposeBody = z
  .strictObject({
    cards: z
      .array(
        z.strictObject({
          title: Name,
          body: StorableText.max(100_000).optional(),
          owner_type: OwnerTypeSchema.optional().openapi({ description: "Default: the parent's." }),
          priority_id: IdSchema.nullable()
            .optional()
            .openapi({ description: "A priority of the project; default: the parent's; null: none." }),
          label_ids: z.array(IdSchema).max(50).optional().openapi({
            description: "Labels of the project (list_labels); default: the parent's; []: none.",
          }),
          checklist: z
            .array(ChecklistText)
            .max(100)
            .optional()
            .openapi({ description: "Checklist items to create on the child, in order, each not done." }),
        }),
      )
      .min(1)
      .max(DECOMPOSE_MAX_CHILDREN),
  })
  .openapi("Decompose");

export const DecomposeResultSchema = z
  .object({ parent: CardSchema, children: z.array(CardSchema) })
  .openapi("DecomposeResult");

export const HandoffBody = z
  .strictObject({
    note: StorableText.trim().min(1).max(100_000),
    to_user_id: IdSchema.optional().openapi({ description: "New assignee (a project member)." }),
    owner_type: OwnerTypeSchema.optional(),
    work_phase: StorableText.max(200).optional(),
  })
  .openapi("Handoff");
