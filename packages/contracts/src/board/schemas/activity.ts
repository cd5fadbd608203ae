// Card activity (written only for changes made in the web app).
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export const CARD_ACTIVITY_KINDS = [
  "created",
  "edited",
  "moved",
  "archived",
  "unarchived",
  "deleted",
  "restored",
  "commented",
  "claimed",
  "unclaimed",
  "handed_off",
  "plan_published",
  "decomposed",
  "label_added",
  "label_removed",
  "checklist_item_added",
  "checklist_item_checked",
  "checklist_item_unchecked",
  "attachment_added",
  "finding_recorded",
  "gate_acked",
] as const;
export const CardActivityKindSchema = z.enum(CARD_ACTIVITY_KINDS).openapi("CardActivityKind", {
  description:
    "What happened. `data` says more: edited `{fields: {name: {from, to}}}`, moved `{from_column_id, " +
    "to_column_id, position}`, commented `{comment_id}`, handed_off `{to_user_id, note}`, plan_published " +
    "`{version}`, label_added/label_removed `{label_id, name}`, checklist_item_* `{item_id, text}`, " +
    "attachment_added `{attachment_id, filename}`, finding_recorded `{finding_id, kind, title}`, " +
    "gate_acked `{criterion_id, text}`, claimed `{lease_seconds}`, decomposed `{children}`.",
});
export type CardActivityKind = z.infer<typeof CardActivityKindSchema>;

export const CardActivitySchema = z
  .object({
    id: IdSchema,
    kind: CardActivityKindSchema,
    actor_id: IdSchema.openapi({ description: "Who did it." }),
    data: z.record(z.string(), z.unknown()),
    created_at: TimestampSchema,
  })
  .openapi("CardActivity");
export type CardActivity = z.infer<typeof CardActivitySchema>;
