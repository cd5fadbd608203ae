// Attention: who is looking at which card right now.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

/** Lifetime of an attention record, seconds. */
export const ATTENTION_TTL_SECONDS = { min: 10, max: 3_600, default: 300 } as const;

export const AttentionSchema = z
  .object({
    user_id: IdSchema,
    card_id: IdSchema,
    note: z.string().nullable(),
    since: TimestampSchema,
    expires_at: TimestampSchema,
  })
  .openapi("Attention");
export type Attention = z.infer<typeof AttentionSchema>;
export const SetAttentionBody = z
  .strictObject({
    note: StorableText.max(2000).optional(),
    ttl_seconds: z
      .number()
      .int()
      .min(ATTENTION_TTL_SECONDS.min)
      .max(ATTENTION_TTL_SECONDS.max)
      .default(ATTENTION_TTL_SECONDS.default)
      .openapi({ description: "Seconds the record stays live, 10..3600 (default 300)." }),
  })
  .openapi("SetAttention");
