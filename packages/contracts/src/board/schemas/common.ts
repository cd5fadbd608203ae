// Shared pieces of the board's wire schemas: ids, timestamps, names, positions, clearing.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";

export const ID_DESCRIPTION = "Opaque identifier (UUIDv7).";
export const CLEARS_NOTE = "An empty string (or null) clears the field.";
export const POSITION_NOTE = "0-based index; past the end means last.";

export const IdSchema = z
  .uuid()
  .openapi({ description: ID_DESCRIPTION, example: "0190c1d2-5b1e-7c3a-9f00-1a2b3c4d5e6f" });
export const TimestampSchema = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });
export const Name = StorableText.trim().min(1).max(200);

/** An email address as people type it: trimmed, lower-cased, one `@`, no spaces. */
export const EmailAddress = StorableText.trim()
  .toLowerCase()
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, "A valid email address is required.");
export const Color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "Expected a color like #1f6feb.")
  .openapi({ example: "#1f6feb" });
export const Position = z.number().int().min(0).openapi({ description: POSITION_NOTE });

/** Empty string or null on an optional field clears it (stored as null). */
export function clearable<T extends z.ZodType>(schema: T, description?: string) {
  return z.union([z.literal("").transform(() => null), z.null(), schema]).openapi({
    description: [description, CLEARS_NOTE].filter(Boolean).join(" "),
  });
}

/**
 * A due date: an ISO 8601 date-time, or a date alone (`2026-12-01`), which means the end of that
 * day in UTC (`2026-12-01T23:59:59.999Z`): a card due on a day is due all of that day, and is not
 * overdue before it ends.
 */
export const DueAtInput = z.union([
  z.iso.datetime({ offset: true }),
  z.iso.date().transform((day) => `${day}T23:59:59.999Z`),
]);
export const DUE_AT_RULE =
  "ISO 8601 date-time, or a date alone (`2026-12-01`): the end of that day in UTC (`2026-12-01T23:59:59.999Z`).";

/**
 * A query flag: `true` or `false` in a URL. Documented as a boolean (the way OpenAPI writes a boolean
 * query parameter), so an MCP tool takes a JSON boolean, which the tool layer passes on as its text.
 */
export const QueryFlag = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .openapi({ type: "boolean" });

/**
 * The path parameters of an operation, each an id named after what it identifies and described
 * for this operation: `pathParams({ card_id: "The card to read." })` for `/cards/{card_id}`.
 */
export function pathParams<const K extends string>(ids: Record<K, string>) {
  const shape = Object.fromEntries(
    Object.entries<string>(ids).map(([name, description]) => [name, IdSchema.openapi({ description })]),
  ) as Record<K, typeof IdSchema>;
  return z.object(shape);
}

/** A secret from a link: an invitation's, or an email verification's. */
export const LinkTokenBody = z
  .strictObject({
    token: StorableText.trim().min(1).max(200).openapi({ description: "The secret after `#` in the link." }),
  })
  .openapi("LinkToken");
