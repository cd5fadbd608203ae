// A user's passkeys, as the user (with a manage token or the session cookie) and the tenant's server see them.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Id, Timestamp } from "./primitives.ts";
import { ExternalIdParams } from "./users.ts";

export const PasskeyInfoSchema = z
  .object({
    id: Id,
    name: z.string(),
    created_at: Timestamp,
    last_used: Timestamp.optional(),
    authenticator: z.string().nullable().optional().openapi({
      description:
        "The authenticator's maker, from its AAGUID (e.g. 'iCloud Keychain'), or null when unknown.",
    }),
    synced: z
      .boolean()
      .optional()
      .openapi({ description: "Backed up (synced to the person's other devices)." }),
  })
  .openapi("PasskeyInfo");
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;

/** `PATCH /auth/v1/passkeys/{passkey_id}`: a new name for one of the user's passkeys. */
export const RenamePasskeyRequestSchema = z
  .object({ name: StorableText.trim().min(1).max(100) })
  .openapi("RenamePasskeyRequest");
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequestSchema>;

export const PasskeyIdParams = z.object({ passkey_id: StorableText.min(1).max(64) });
export const UserPasskeyParams = ExternalIdParams.extend(PasskeyIdParams.shape);
