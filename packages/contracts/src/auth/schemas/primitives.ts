// Building blocks of the auth server's wire schemas (not exported from the package).
import { z } from "../../zod.ts";

export const Base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url text.")
  .openapi({ description: "base64url text without padding." });
export const Id = z.string().openapi({ description: "Opaque identifier (UUIDv7)." });
export const Timestamp = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });
