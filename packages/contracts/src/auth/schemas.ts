// Wire schemas of the auth server: what the SDK, tenants' servers and tests send and receive.
// Never Prisma types: the browser SDK imports these.
import { StorableText } from "../text.ts";
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
      transports: z.array(StorableText).optional(),
    }),
    authenticatorAttachment: StorableText.optional(),
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
    authenticatorAttachment: StorableText.optional(),
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

// ---- authentication ----
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
    redirectUrl: z.string().optional(),
  })
  .openapi("LoginSuccess");
export type LoginSuccess = z.infer<typeof LoginSuccessSchema>;

export const PasswordLoginRequestSchema = z
  .object({ username: StorableText.min(1).max(200), password: StorableText.min(1).max(1024) })
  .openapi("PasswordLoginRequest");
export type PasswordLoginRequest = z.infer<typeof PasswordLoginRequestSchema>;

// ---- tenant server API (X-API-KEY) ----
export const UserTokenRequestSchema = z
  .object({
    externalId: StorableText.trim().min(1).max(255),
    displayName: StorableText.trim().min(1).max(255).optional(),
    ttl: z.number().int().optional().openapi({ description: "Seconds; clamped to 5..600, default 600." }),
    scope: z
      .enum(["register", "manage"])
      .optional()
      .openapi({
        description:
          "register (default): passkey registration for this user only. manage: also list, rename and " +
          "delete the user's passkeys from the tenant's pages (<authkit-passkeys>, auth.management).",
      }),
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

/** `GET /auth/v1/session-token`: the token a page holds, checked from that page. */
export const SessionTokenCheckSchema = z.object({ expiresAt: Timestamp }).openapi("SessionTokenCheck");
export type SessionTokenCheck = z.infer<typeof SessionTokenCheckSchema>;

export const VerifyAuthRequestSchema = z
  .object({ challengeId: StorableText.min(1).max(200) })
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
    externalId: StorableText.trim().min(1).max(255),
    displayName: StorableText.trim().min(1).max(255).optional(),
    username: StorableText.trim().min(1).max(200).optional(),
    password: StorableText.min(8).max(1024).optional(),
  })
  .openapi("UpsertUserRequest");
export type UpsertUserRequest = z.infer<typeof UpsertUserRequestSchema>;

/** `PATCH /auth/v1/passkeys/{id}`: a new name for one of the user's passkeys. */
export const RenamePasskeyRequestSchema = z
  .object({ name: StorableText.trim().min(1).max(100) })
  .openapi("RenamePasskeyRequest");
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequestSchema>;

export const ExternalIdParams = z.object({ external_id: StorableText.min(1).max(255) });
export const PasskeyIdParams = z.object({ id: StorableText.min(1).max(64) });
export const UserPasskeyParams = ExternalIdParams.extend(PasskeyIdParams.shape);

/** `GET /auth-embed?origin=` and `GET /register-embed?origin=`: the page that frames the embed. */
export const EmbedQuerySchema = z.object({
  origin: StorableText.min(1).max(2048).openapi({ description: "Origin of the page embedding the iframe." }),
});

// ---- cross-device (QR) ----
export const QrStatusSchema = z
  .enum(["pending", "scanned", "completed", "expired", "cancelled", "failed", "error"])
  .openapi("QrStatus", {
    description:
      "pending → scanned → completed | expired | cancelled | failed | error. completed, expired, " +
      "cancelled, failed and error are terminal.",
  });
export type QrStatus = z.infer<typeof QrStatusSchema>;

export const QrPurposeSchema = z.enum(["authenticate", "register"]);

/** A tenant's QR setting: `on` (default) or `off` (qr/start answers 403 configuration_error). */
export const QrLoginSchema = z.enum(["on", "off"]).openapi({
  description:
    "Whether the tenant's users may sign in or create a passkey with a phone by QR code (default on; the built-in admin tenant is off).",
});
export type QrLogin = z.infer<typeof QrLoginSchema>;

/** The phone's network compared with the computer's that started the QR (client IP prefixes). */
export const QrNetworkSchema = z.enum(["same", "different", "unknown"]).openapi({
  description:
    "Whether the phone reaches the server from the same network (IPv4 /24, IPv6 /64) as the computer that showed the code.",
});
export type QrNetwork = z.infer<typeof QrNetworkSchema>;
export type QrPurpose = z.infer<typeof QrPurposeSchema>;

export const QrStartRequestSchema = z
  .object({
    purpose: QrPurposeSchema.optional().openapi({
      description: "authenticate (default; session token) or register (user token or session cookie).",
    }),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .refine((name) => !name.includes("\u0000"), "Text cannot contain NUL characters.")
      .optional()
      .openapi({ description: "register: the passkey's name." }),
    origin: z
      .string()
      .max(2048)
      .optional()
      .openapi({
        description:
          "The tenant page showing the QR, when the request comes from an embed on the auth server; " +
          "shown on the phone only if it is one of the tenant's origins.",
      }),
  })
  .openapi("QrStartRequest");
export type QrStartRequest = z.infer<typeof QrStartRequestSchema>;

export const QrStartResponseSchema = z
  .object({
    challengeId: z.string(),
    qrUrl: z.string().openapi({ description: "The QR code as a data: URL (SVG) encoding mobileUrl." }),
    mobileUrl: z.string().openapi({ description: "The phone page; its secret (after #) works once." }),
    expiresAt: Timestamp,
    secret: z.string().openapi({
      description:
        "Kept by the starter: sent as Bearer on status polls (or in the socket's auth), it reveals `user`.",
    }),
  })
  .openapi("QrStartResponse");
export type QrStartResponse = z.infer<typeof QrStartResponseSchema>;

/** A QR challengeId: base64url. */
export const QrChallengeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Not a QR challengeId.");
export const QrChallengeParams = z.object({ challengeId: QrChallengeIdSchema });

export const QrStatusResponseSchema = z
  .object({
    status: QrStatusSchema,
    message: z.string().optional().openapi({ description: "failed, error, cancelled: why (starter only)." }),
    user: UserInfoSchema.optional().openapi({
      description: "completed: who signed in, or whose passkey (starter only).",
    }),
    loginChallengeId: z.string().optional().openapi({
      description: "completed login (starter only): the challengeId to pass to POST /api/v1/verify-auth.",
    }),
    passkeyId: Id.optional().openapi({
      description: "completed registration (starter only): the new passkey.",
    }),
  })
  .openapi("QrStatusResponse");
export type QrStatusResponse = z.infer<typeof QrStatusResponseSchema>;

/** The phone page opens the QR's URL: the secret from its fragment. */
export const QrClaimRequestSchema = z.object({ secret: Base64Url.min(1).max(100) }).openapi("QrClaimRequest");
export type QrClaimRequest = z.infer<typeof QrClaimRequestSchema>;

const QrClaimCommon = {
  token: z.string().openapi({ description: "The phone's token for finish and abort (Bearer)." }),
  tenant: z.object({ name: z.string(), rpId: z.string() }),
  origin: z.string().nullable().openapi({
    description:
      "The tenant page the QR was shown on: only one of the tenant's own origins (verified), else null.",
  }),
  network: QrNetworkSchema,
  requestedAt: Timestamp,
  expiresAt: Timestamp,
  challengeId: z.string().openapi({ description: "The phone's WebAuthn challenge (for finish)." }),
};
export const QrClaimResponseSchema = z
  .discriminatedUnion("purpose", [
    z.object({ purpose: z.literal("authenticate"), ...QrClaimCommon, options: RequestOptionsJSONSchema }),
    z.object({
      purpose: z.literal("register"),
      ...QrClaimCommon,
      user: z.object({ name: z.string() }).openapi({ description: "Whose passkey the phone creates." }),
      options: CreationOptionsJSONSchema,
    }),
  ])
  .openapi("QrClaimResponse");
export type QrClaimResponse = z.infer<typeof QrClaimResponseSchema>;

export const QrFinishRequestSchema = z
  .object({
    challengeId: z.string().min(1).max(200),
    credential: z.union([AuthenticationResponseJSONSchema, RegistrationResponseJSONSchema]),
  })
  .openapi("QrFinishRequest");
export type QrFinishRequest = z.infer<typeof QrFinishRequestSchema>;

export const QrPhoneFailureSchema = z.enum([
  "webauthn_not_supported",
  "credential_exists",
  "security_error",
  "unknown",
]);
export type QrPhoneFailure = z.infer<typeof QrPhoneFailureSchema>;

/** The phone gives up: the person dismissed the prompt (cancelled), or the browser failed (failed). */
export const QrAbortRequestSchema = z
  .discriminatedUnion("status", [
    z.object({ status: z.literal("cancelled") }),
    z.object({ status: z.literal("failed"), reason: QrPhoneFailureSchema }),
  ])
  .openapi("QrAbortRequest");
export type QrAbortRequest = z.infer<typeof QrAbortRequestSchema>;

export const QrPhoneResultSchema = z
  .object({ status: QrStatusSchema })
  .openapi("QrPhoneResult", { description: "The challenge's status after the phone's call." });
export type QrPhoneResult = z.infer<typeof QrPhoneResultSchema>;
