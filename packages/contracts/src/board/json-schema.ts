// JSON Schema from the wire schemas, for MCP tool inputs and /llms.txt. Descriptions given with
// `.openapi({description})` are carried over; the long regexes zod adds next to a `format` (uuid,
// date-time) are dropped, since the format says it and every tool schema costs an agent tokens.
import { getOpenApiMetadata, getRefId } from "@asteasolutions/zod-to-openapi";
import { z } from "../zod.ts";

export type JsonSchema = { [key: string]: unknown };

export interface ToJsonSchemaOptions {
  /**
   * Collects named schemas (`.openapi("Card")`) below the root: each is marked `x-ref: "Card"` in
   * the output and added to this map. For documentation only; tool schemas stay plain.
   */
  refs?: Map<string, z.ZodType>;
}

/** `io: "input"` describes what a client sends (defaults optional, before transforms). */
export function toJsonSchema(
  schema: z.ZodType,
  io: "input" | "output" = "input",
  { refs }: ToJsonSchemaOptions = {},
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const meta = getOpenApiMetadata(zodSchema as unknown as z.ZodType);
      // Inner schemas come first, so a wrapper's own description (`Id.optional().openapi({…})`)
      // replaces the one its inner schema shares with every id.
      if (typeof meta.description === "string") jsonSchema.description = meta.description;
      // A declared type wins over the wire form (a query flag written "true"/"false" is a boolean).
      if (typeof meta.type === "string" && meta.type !== jsonSchema.type) {
        jsonSchema.type = meta.type as typeof jsonSchema.type;
        delete jsonSchema.enum;
      }
      if (jsonSchema.format && jsonSchema.pattern) delete jsonSchema.pattern;
      // z.number().int() states the safe-integer range; it says nothing a caller needs.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      const ref =
        refs && zodSchema !== (schema as unknown) ? getRefId(zodSchema as unknown as z.ZodType) : undefined;
      if (refs && ref && jsonSchema.type === "object") {
        jsonSchema["x-ref"] = ref;
        refs.set(ref, zodSchema as unknown as z.ZodType);
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}
