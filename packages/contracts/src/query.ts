import { z } from "./zod.ts";

/**
 * A number in a query string, for both services: strict base-10 integer text (digits, an optional
 * leading minus), so `1e2`, `0x10`, `+7`, ` 5` and `5.0` are refused rather than read as numbers.
 * A number (MCP tool inputs are typed) passes to `schema` as it is. Documented as `schema` is.
 */
export function queryInteger<T extends z.ZodNumber>(schema: T) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== "string") return value;
    if (/^-?[0-9]+$/.test(value)) return Number(value);
    ctx.addIssue({ code: "custom", message: "Expected a base-10 integer." });
    return z.NEVER;
  }, schema);
}
