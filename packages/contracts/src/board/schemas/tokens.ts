// API tokens (the account service).
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { IdSchema, TimestampSchema } from "./common.ts";

export const ApiTokenSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema.nullable().openapi({
      description: "When a request last used it (to the minute); null if never.",
    }),
  })
  .openapi("ApiToken");
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z
    .string()
    .openapi({ description: "The secret: shown once, in this answer only; stored as a hash." }),
}).openapi("CreatedApiToken");
export type CreatedApiToken = z.infer<typeof CreatedApiTokenSchema>;

export const CreateApiTokenBody = z
  .strictObject({ name: StorableText.trim().min(1).max(100) })
  .openapi("CreateApiToken");
