// What every admin resource file shares: identifiers, the CSRF header, and how an operation of
// /admin/api is written (path relative to the prefix, adminSession, X-CSRF-Token on state changes).
import { DOT_SEGMENT_MESSAGE, isPathSafeId, StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import type { AuthOperation, Security } from "../operations/spec.ts";

export const Id = z.uuid().openapi({ description: "Opaque identifier (UUIDv7)." });
export const Timestamp = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });
export const Name = StorableText.trim().min(1).max(200);

// Path ids are UUIDs; anything else is simply not found (like every id of the auth server).
export const PathId = StorableText.min(1)
  .max(64)
  .refine(isPathSafeId, DOT_SEGMENT_MESSAGE)
  .openapi({ description: "Opaque identifier (UUIDv7)." });

/** Every state change under /admin needs the session's CSRF token (GET /admin/api/csrf). */
export const Csrf = z.object({
  "x-csrf-token": z
    .string()
    .openapi({ description: "The session's CSRF token; without it: forbidden (403)." }),
});
export const read = ["unauthenticated"];
export const write = ["unauthenticated", "forbidden"];

/**
 * An operation of /admin/api, its path (relative to /admin/api) kept literal under the prefix;
 * no answer of the dashboard's API is cached.
 */
export type AdminApiOperation<Op extends Omit<AuthOperation, "security">> = Omit<Op, "path"> & {
  path: `/admin/api${Op["path"]}`;
  security: readonly Security[];
  headers?: typeof Csrf;
  noStore: true;
};

export function api<const Op extends Omit<AuthOperation, "security">>(op: Op): AdminApiOperation<Op> {
  return {
    ...op,
    path: `/admin/api${op.path}` as const,
    security: ["adminSession"],
    noStore: true,
    ...(op.method === "get" ? {} : { headers: Csrf }),
  };
}
