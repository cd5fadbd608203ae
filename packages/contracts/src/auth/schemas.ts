// Wire schemas of the auth server: what the SDK, tenants' servers and tests send and receive.
// Never Prisma types: the browser SDK imports these.
import { z } from "../zod.ts";

const Base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, "Expected base64url text.")
  .openapi({ description: "base64url text without padding." });
const Id = z.string().openapi({ description: "Opaque identifier (UUIDv7)." });
const Timestamp = z.iso.datetime().openapi({ description: "ISO 8601 timestamp, UTC." });

// ---- shared objects ----
export const UserInfoSchema = z
  .object({
    id: Id,
    externalId: z.string(),
    displayName: z.string().optional(),
  })
  .openapi("UserInfo");
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const PasskeyInfoSchema = z
  .object({ id: Id, name: z.string(), created_at: Timestamp, last_used: Timestamp.optional() })
  .openapi("PasskeyInfo");
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;

/** A user as its tenant's server sees it (users API). */
export const TenantUserSchema = z
  .object({
    id: Id,
    externalId: z.string(),
    displayName: z.string().nullable(),
    username: z.string().nullable(),
    hasPassword: z.boolean(),
    disabled: z.boolean(),
    passkeyCount: z.number().int(),
    createdAt: Timestamp,
  })
  .openapi("TenantUser");
export type TenantUser = z.infer<typeof TenantUserSchema>;

// ---- WebAuthn JSON (as produced by PublicKeyCredential.toJSON(); extra members allowed) ----
const ClientExtensionResults = z.looseObject({}).openapi({ description: "getClientExtensionResults()." });

export const RegistrationResponseJSONSchema = z
  .looseObject({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: Base64Url,
      attestationObject: Base64Url,
      transports: z.array(z.string()).optional(),
    }),
    authenticatorAttachment: z.string().optional(),
    clientExtensionResults: ClientExtensionResults.default({}),
  })
  .openapi("RegistrationResponseJSON");
export type RegistrationResponseJSON = z.infer<typeof RegistrationResponseJSONSchema>;

export const AuthenticationResponseJSONSchema = z
  .looseObject({
    id: Base64Url,
    rawId: Base64Url,
    type: z.literal("public-key"),
    response: z.looseObject({
      clientDataJSON: Base64Url,
      authenticatorData: Base64Url,
      signature: Base64Url,
      userHandle: Base64Url.optional(),
    }),
    authenticatorAttachment: z.string().optional(),
    clientExtensionResults: ClientExtensionResults.default({}),
  })
  .openapi("AuthenticationResponseJSON");
export type AuthenticationResponseJSON = z.infer<typeof AuthenticationResponseJSONSchema>;

/** PublicKeyCredentialCreationOptionsJSON (WebAuthn Level 3), for PublicKeyCredential.parseCreationOptionsFromJSON. */
export const CreationOptionsJSONSchema = z
  .looseObject({
    challenge: Base64Url,
    rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
    user: z.looseObject({ id: Base64Url, name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ type: z.string(), alg: z.number() })),
  })
  .openapi("PublicKeyCredentialCreationOptionsJSON");
/** PublicKeyCredentialRequestOptionsJSON, for PublicKeyCredential.parseRequestOptionsFromJSON. */
export const RequestOptionsJSONSchema = z
  .looseObject({ challenge: Base64Url, rpId: z.string().optional(), userVerification: z.string().optional() })
  .openapi("PublicKeyCredentialRequestOptionsJSON");

// ---- registration ----
export const AuthenticatorAttachmentSchema = z.enum(["platform", "cross-platform"]);

export const RegisterStartRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional().openapi({ description: "Name of the new passkey." }),
    prf: z.literal(true).optional().openapi({ description: "Ask for the tenant's deterministic PRF salt." }),
    authenticatorAttachment: AuthenticatorAttachmentSchema.optional(),
  })
  .openapi("RegisterStartRequest");
export type RegisterStartRequest = z.infer<typeof RegisterStartRequestSchema>;

export const RegisterStartResponseSchema = z
  .object({
    challengeId: z.string(),
    options: CreationOptionsJSONSchema,
    prfSalt: Base64Url.optional().openapi({
      description: "base64url SHA-256(tenant_id + ':' + rp_id); present when `prf: true` was sent.",
    }),
  })
  .openapi("RegisterStartResponse");
export type RegisterStartResponse = z.infer<typeof RegisterStartResponseSchema>;

export const RegisterFinishRequestSchema = z
  .object({
    challengeId: z.string().min(1).max(200),
    credential: RegistrationResponseJSONSchema,
    name: z.string().trim().min(1).max(100).optional(),
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

// ---- authentication ----
export const AuthenticateStartRequestSchema = z.object({}).openapi("AuthenticateStartRequest");

export const AuthenticateStartResponseSchema = z
  .object({ challengeId: z.string(), options: RequestOptionsJSONSchema })
  .openapi("AuthenticateStartResponse");
export type AuthenticateStartResponse = z.infer<typeof AuthenticateStartResponseSchema>;

export const AuthenticateFinishRequestSchema = z
  .object({
    challengeId: z.string().min(1).max(200),
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
    redirectUrl: z.string().optional(),
  })
  .openapi("LoginSuccess");
export type LoginSuccess = z.infer<typeof LoginSuccessSchema>;

export const PasswordLoginRequestSchema = z
  .object({ username: z.string().min(1).max(200), password: z.string().min(1).max(1024) })
  .openapi("PasswordLoginRequest");
export type PasswordLoginRequest = z.infer<typeof PasswordLoginRequestSchema>;

// ---- tenant server API (X-API-KEY) ----
export const UserTokenRequestSchema = z
  .object({
    externalId: z.string().trim().min(1).max(255),
    displayName: z.string().trim().min(1).max(255).optional(),
    ttl: z.number().int().optional().openapi({ description: "Seconds; clamped to 5..600, default 600." }),
  })
  .openapi("UserTokenRequest");
export type UserTokenRequest = z.infer<typeof UserTokenRequestSchema>;

export const UserTokenResponseSchema = z
  .object({ userToken: z.string(), userId: Id })
  .openapi("UserTokenResponse");
export type UserTokenResponse = z.infer<typeof UserTokenResponseSchema>;

export const SessionTokenResponseSchema = z
  .object({ token: z.string(), expiresAt: Timestamp })
  .openapi("SessionTokenResponse");
export type SessionTokenResponse = z.infer<typeof SessionTokenResponseSchema>;

export const VerifyAuthRequestSchema = z
  .object({ challengeId: z.string().min(1).max(200) })
  .openapi("VerifyAuthRequest");
export type VerifyAuthRequest = z.infer<typeof VerifyAuthRequestSchema>;

export const VerifyAuthResponseSchema = z
  .object({
    user: UserInfoSchema,
    authenticatedAt: Timestamp,
    method: z.enum(["passkey", "password"]),
    prfResult: Base64Url.optional().openapi({ description: "Present on the first call only." }),
  })
  .openapi("VerifyAuthResponse");
export type VerifyAuthResponse = z.infer<typeof VerifyAuthResponseSchema>;

export const UpsertUserRequestSchema = z
  .object({
    externalId: z.string().trim().min(1).max(255),
    displayName: z.string().trim().min(1).max(255).optional(),
    username: z.string().trim().min(1).max(200).optional(),
    password: z.string().min(8).max(1024).optional(),
  })
  .openapi("UpsertUserRequest");
export type UpsertUserRequest = z.infer<typeof UpsertUserRequestSchema>;

export const ExternalIdParams = z.object({ external_id: z.string().min(1).max(255) });
export const PasskeyIdParams = z.object({ id: z.string().min(1).max(64) });
