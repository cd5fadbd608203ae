// Findings recorded on a card.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, Name, TimestampSchema } from "./common.ts";

export const FindingKindSchema = z.enum(["bug", "risk", "question", "note"]).openapi("FindingKind");
export const FindingSeveritySchema = z.enum(["low", "medium", "high", "critical"]).openapi("FindingSeverity");
export const FindingSchema = z
  .object({
    id: IdSchema,
    card_id: IdSchema,
    author_id: IdSchema,
    kind: FindingKindSchema,
    title: z.string(),
    body: z.string().nullable(),
    severity: FindingSeveritySchema.nullable(),
    created_at: TimestampSchema,
  })
  .openapi("Finding");
export type Finding = z.infer<typeof FindingSchema>;
export const CreateFindingBody = z
  .strictObject({
    kind: FindingKindSchema,
    title: Name,
    body: StorableText.max(100_000).optional(),
    // null: no severity, as a finding without one reads (and as the OpenAPI document says).
    severity: FindingSeveritySchema.nullable().optional(),
  })
  .openapi("CreateFinding");
