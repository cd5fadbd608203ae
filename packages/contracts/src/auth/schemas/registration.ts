// Creating a passkey: register/start and register/finish, and a tenant's rule for where passkeys live.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Base64Url, Id } from "./primitives.ts";
import { CreationOptionsJSONSchema, RegistrationResponseJSONSchema } from "./webauthn.ts";
import { UserInfoSchema } from "./users.ts";

export const AuthenticatorAttachmentSchema = z.enum(["platform", "cross-platform"]);

/**
 * A tenant's rule for where new passkeys live: `auto` lets the SDK's detection decide, `any`
 * offers every kind (the laptop's own, a security key, a phone), `platform` this device only
 * (Touch ID, Windows Hello, the phone's own), `cross-platform` a security key or a phone.
 */
export const REGISTRATION_ATTACHMENTS = ["auto", "any", "platform", "cross-platform"] as const;
export const RegistrationAttachmentSchema = z
  .enum(REGISTRATION_ATTACHMENTS)
  .openapi("RegistrationAttachment");
export type RegistrationAttachment = z.infer<typeof RegistrationAttachmentSchema>;
/** What `register/start` reports as `attachmentPolicy` (a tenant's rule other than `auto`). */
export const AttachmentPolicySchema = z
  .enum(["any", "platform", "cross-platform"])
  .openapi("AttachmentPolicy");
export type AttachmentPolicy = z.infer<typeof AttachmentPolicySchema>;

export const RegisterStartRequestSchema = z
  .object({
    name: StorableText.trim().min(1).max(100).optional().openapi({ description: "Name of the new passkey." }),
    prf: z.literal(true).optional().openapi({ description: "Ask for the tenant's deterministic PRF salt." }),
    authenticatorAttachment: AuthenticatorAttachmentSchema.optional(),
  })
  .openapi("RegisterStartRequest");
export type RegisterStartRequest = z.infer<typeof RegisterStartRequestSchema>;

export const RegisterStartResponseSchema = z
  .object({
    challengeId: z.string(),
    options: CreationOptionsJSONSchema,
    attachmentPolicy: AttachmentPolicySchema.optional().openapi({
      description:
        "The tenant's registration_attachment when it is not `auto`. It beats the client's own choice: " +
        "`options.authenticatorSelection.authenticatorAttachment` is set for platform and cross-platform, " +
        "absent for any, and `options.hints` (WebAuthn Level 3) say which kind to offer first.",
    }),
    prfSalt: Base64Url.optional().openapi({
      description: "base64url SHA-256(tenant_id + ':' + rp_id); present when `prf: true` was sent.",
    }),
  })
  .openapi("RegisterStartResponse");
export type RegisterStartResponse = z.infer<typeof RegisterStartResponseSchema>;

export const RegisterFinishRequestSchema = z
  .object({
    challengeId: StorableText.min(1).max(200),
    credential: RegistrationResponseJSONSchema,
    name: StorableText.trim().min(1).max(100).optional(),
    prfHash: Base64Url.max(100)
      .optional()
      .openapi({ description: "base64url SHA-256(challengeId + ':' + prfOutput); never the output itself." }),
  })
  .openapi("RegisterFinishRequest");
export type RegisterFinishRequest = z.infer<typeof RegisterFinishRequestSchema>;

export const RegisterFinishResponseSchema = z
  .object({ success: z.literal(true), user: UserInfoSchema, passkeyId: Id })
  .openapi("RegisterFinishResponse");
export type RegisterFinishResponse = z.infer<typeof RegisterFinishResponseSchema>;
