import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from "@org/contracts";
import type { ZodType, z } from "zod";
import { ValidationError } from "../errors.ts";
import { validationErrorFrom } from "./error-handler.ts";

/** Parses `input` with a contract schema; failures become `validation_failed` with details. */
export function parseWith<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFrom(result.error);
  return result.data;
}

/**
 * Refuses path parameters PostgreSQL could not store, for routes that answer a malformed id with
 * not_found rather than parsing it with a StorableText schema: unstorable text is a validation
 * error wherever it enters.
 */
export function assertStorableParams(params: Record<string, string>): void {
  const details = Object.entries(params)
    .filter(([, value]) => !isStorableText(value))
    .map(([path]) => ({ path, message: UNSTORABLE_TEXT_MESSAGE }));
  if (details.length > 0) throw new ValidationError("Request is invalid.", details);
}
