import type { ZodType, z } from "zod";
import { validationErrorFrom } from "./error-handler.ts";

/** Parses `input` with a contract schema; failures become `validation_failed` with details. */
export function parseWith<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFrom(result.error);
  return result.data;
}
