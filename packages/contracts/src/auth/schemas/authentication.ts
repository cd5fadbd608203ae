// Signing in: a passkey (authenticate/start, /finish) or a password.
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Base64Url, SessionJwt } from "./primitives.ts";
import { AuthenticationResponseJSONSchema, RequestOptionsJSONSchema } from "./webauthn.ts";
import { UserInfoSchema } from "./users.ts";

export const AuthenticateStartRequestSchema = z
  .object({
    prf: z.literal(true).optional().openapi({
      description: "Ask for the tenant's PRF salt (the one registration used), to evaluate PRF at login.",
    }),
  })
  .openapi("AuthenticateStartRequest");
export type AuthenticateStartRequest = z.infer<typeof AuthenticateStartRequestSchema>;

export const AuthenticateStartResponseSchema = z
  .object({
    challengeId: z.string(),
    options: RequestOptionsJSONSchema,
    prfSalt: Base64Url.optional().openapi({
      description: "base64url SHA-256(tenant_id + ':' + rp_id); present when `prf: true` was sent.",
    }),
  })
  .openapi("AuthenticateStartResponse");
export type AuthenticateStartResponse = z.infer<typeof AuthenticateStartResponseSchema>;

export const AuthenticateFinishRequestSchema = z
  .object({
    challengeId: StorableText.min(1).max(200),
    credential: AuthenticationResponseJSONSchema,
    prfResult: Base64Url.max(200)
      .optional()
      .openapi({
        description:
          "PRF output to hand to the tenant's server through verify-auth (read once). Taken from " +
          "credential.clientExtensionResults.prf.results.first when absent.",
      }),
  })
  .openapi("AuthenticateFinishRequest");
export type AuthenticateFinishRequest = z.infer<typeof AuthenticateFinishRequestSchema>;

/** Success of a login (passkey or password): `challengeId` is what the tenant's server passes to verify-auth. */
export const LoginSuccessSchema = z
  .object({
    success: z.literal(true),
    user: UserInfoSchema,
    challengeId: z.string(),
    sessionToken: SessionJwt.optional().openapi({
      description:
        "A signed session token (JWT, ES256) your server verifies offline with the tenant's JWKS instead of " +
        "calling verify-auth. Present when the login signs this page in (not on a phone's half of a QR login).",
    }),
    redirectUrl: z.string().optional(),
    created: z.literal(true).optional().openapi({
      description:
        "Present when this login created the user (self-service sign-up, tenant setting self_signup).",
    }),
  })
  .openapi("LoginSuccess");
export type LoginSuccess = z.infer<typeof LoginSuccessSchema>;

export const PasswordLoginRequestSchema = z
  .object({ username: StorableText.min(1).max(200), password: StorableText.min(1).max(1024) })
  .openapi("PasswordLoginRequest");
export type PasswordLoginRequest = z.infer<typeof PasswordLoginRequestSchema>;

/** A step-up (issue 28): until when the credential that made it may change passkeys. */
export const StepUpResponseSchema = z
  .object({
    stepped_up_until: z.iso.datetime().openapi({
      description: "When this step-up stops counting: 5 minutes after the passkey assertion.",
    }),
  })
  .openapi("StepUpResponse");
export type StepUpResponse = z.infer<typeof StepUpResponseSchema>;
