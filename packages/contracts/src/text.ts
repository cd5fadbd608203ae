import { z } from "./zod.ts";

// PostgreSQL `text` cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 encoding: either
// makes the database refuse the whole statement. In Unicode mode `\p{Cs}` matches only unpaired
// surrogates (a pair is one code point outside Cs).
const LONE_SURROGATE = /\p{Cs}/u;

export const UNSTORABLE_TEXT_MESSAGE = "Text must not contain NUL characters or unpaired UTF-16 surrogates.";

/** Whether PostgreSQL can store `value` as text. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/**
 * The building block of every text field a client sends to either service (bodies, path
 * parameters, queries): a string PostgreSQL can store. Chain `.trim()`, `.min()`, … as on z.string().
 */
export const StorableText = z.string().refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/**
 * A web address a link may open: http:// or https:// only (never javascript:, data:, file:, …),
 * trimmed, at most 2048 characters, and storable text (z.url() alone lets NUL and lone surrogates
 * through).
 */
export const StorableUrl = z
  .url({ protocol: /^https?$/, error: "Must be an http:// or https:// URL." })
  .max(2048)
  .refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/**
 * Whether an id can travel as one path segment: "." and ".." cannot, since every URL parser
 * (browsers, fetch) resolves them away, so `/tenants/T/users/../disable` would reach
 * `/tenants/T/disable`. (They are the only ids encodeURIComponent leaves as a dot segment.)
 */
export function isPathSafeId(value: string): boolean {
  return value !== "." && value !== "..";
}

export const DOT_SEGMENT_MESSAGE =
  'Must not be "." or "..": an address cannot carry it (browsers resolve it to another path).';

/** A user-chosen id that paths carry (an external id): storable, and never "." or "..". */
export const PathSafeId = StorableText.refine(isPathSafeId, DOT_SEGMENT_MESSAGE);
