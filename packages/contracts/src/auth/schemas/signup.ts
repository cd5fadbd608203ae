// Self-service sign-up (tenant setting `self_signup`): the auth server creates the user and its first
// passkey in one ceremony, started and finished with the page's session token.
import { DOT_SEGMENT_MESSAGE, isPathSafeId, StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Base64Url } from "./primitives.ts";
import { CreationOptionsJSONSchema, RegistrationResponseJSONSchema } from "./webauthn.ts";

export const SignupStartRequestSchema = z
  .object({
    identifier: StorableText.trim()
      .min(1)
      .max(200)
      .refine(isPathSafeId, DOT_SEGMENT_MESSAGE)
      .openapi({
        description:
          "The email address or username the person chose: the new user's username and externalId " +
          "(an email address lower-cased). Taken by another user of the tenant: conflict.",
      }),
    displayName: StorableText.trim().min(1).max(255).optional(),
    prf: z.literal(true).optional().openapi({ description: "Ask for the tenant's deterministic PRF salt." }),
  })
  .openapi("SignupStartRequest");
export type SignupStartRequest = z.infer<typeof SignupStartRequestSchema>;

export const SignupStartResponseSchema = z
  .object({
    challengeId: z.string(),
    options: CreationOptionsJSONSchema,
    prfSalt: Base64Url.optional(),
  })
  .openapi("SignupStartResponse");
export type SignupStartResponse = z.infer<typeof SignupStartResponseSchema>;

export const SignupFinishRequestSchema = z
  .object({
    challengeId: StorableText.min(1).max(200),
    credential: RegistrationResponseJSONSchema,
    prfHash: Base64Url.max(100).optional(),
  })
  .openapi("SignupFinishRequest");
export type SignupFinishRequest = z.infer<typeof SignupFinishRequestSchema>;
