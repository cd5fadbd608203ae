// The tenant server's tokens (X-API-KEY): a user token for registration, a session token for
// sign-in, and verify-auth, which confirms a login.
import { DOT_SEGMENT_MESSAGE, isPathSafeId, StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { Base64Url, Id, SessionJwt, Timestamp } from "./primitives.ts";
import { UserInfoSchema } from "./users.ts";

export const UserTokenRequestSchema = z
  .object({
    externalId: StorableText.trim().min(1).max(255).refine(isPathSafeId, DOT_SEGMENT_MESSAGE),
    displayName: StorableText.trim().min(1).max(255).optional(),
    username: StorableText.trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({
        description:
          "The account's name as people know it (an email address): passkey prompts show it as the " +
          "account (WebAuthn user.name; without one, the externalId). Kept as the user's username; " +
          "another user's username is a conflict.",
      }),
    rpName: StorableText.trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({
        description:
          "The site's name as passkey prompts show it (WebAuthn rp.name) for passkeys registered with this " +
          "token, a QR code's included; default: the tenant's name.",
      }),
    ttl: z.number().int().optional().openapi({ description: "Seconds; clamped to 5..600, default 600." }),
    scope: z
      .enum(["register", "manage"])
      .optional()
      .openapi({
        description:
          "register (default): passkey registration for this user only. manage: also list, rename and " +
          "delete the user's passkeys from the tenant's pages (<authkit-passkeys>, auth.management).",
      }),
    stepUpChallengeId: StorableText.min(1)
      .max(200)
      .optional()
      .openapi({
        description:
          "The challengeId of a passkey login of this user that your server confirmed with verify-auth in " +
          "the last 5 minutes (its sign-in or a step-up): the token then counts as stepped up until 5 minutes " +
          "after that login, so it may add a passkey to an account that has one already without a second " +
          "prompt. Another user's, a password login, or an older one: forbidden.",
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
export const SessionTokenCheckSchema = z
  .object({
    expiresAt: Timestamp,
    self_signup: z
      .boolean()
      .openapi({ description: "The tenant's self_signup: <authkit-login> offers sign-up." }),
    password_login: z
      .boolean()
      .openapi({ description: "The tenant's password_login: <authkit-login> shows a password field." }),
  })
  .openapi("SessionTokenCheck");
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
    created: z.literal(true).optional().openapi({
      description:
        "Present when this login created the user (self-service sign-up): your server may set it up.",
    }),
    sessionToken: SessionJwt,
  })
  .openapi("VerifyAuthResponse");
export type VerifyAuthResponse = z.infer<typeof VerifyAuthResponseSchema>;

/** One public key of a tenant's JWKS (RFC 7517, P-256). */
export const SigningJwkSchema = z
  .object({
    kty: z.literal("EC"),
    crv: z.literal("P-256"),
    x: Base64Url,
    y: Base64Url,
    kid: z.string(),
    alg: z.literal("ES256"),
    use: z.literal("sig"),
  })
  .openapi("SigningJwk");

export const JwksSchema = z
  .object({
    keys: z.array(SigningJwkSchema).openapi({
      description:
        "The key that signs new session tokens, then the keys retired in the last day (their tokens still verify).",
    }),
  })
  .openapi("Jwks");
export type Jwks = z.infer<typeof JwksSchema>;
