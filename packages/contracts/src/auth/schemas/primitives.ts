// Building blocks of the auth server's wire schemas (not exported from the package).
import { z } from "../../zod.ts";

export const Base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url text.")
  .openapi({ description: "base64url text without padding." });
export const Id = z.string().openapi({ description: "Opaque identifier (UUIDv7)." });
export const Timestamp = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });

/** A login's signed session token (issue 32): what `@org/authkit-node` verifies. */
export const SessionJwt = z.string().openapi({
  description:
    "JWT (ES256): iss = <PUBLIC_URL>/t/<tenant_id>, aud = the tenant id, sub = the user's externalId, exp 15 " +
    "minutes after issue, kid in the header; also auth_time and method (passkey or password). Verify it with " +
    "the keys at <PUBLIC_URL>/t/<tenant_id>/.well-known/jwks.json.",
});
