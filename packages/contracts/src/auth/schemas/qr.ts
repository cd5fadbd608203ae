// Cross-device (QR) sign-in and registration: the desktop's start and status, the phone's claim,
// finish and abort.
import { z } from "../../zod.ts";
import { Base64Url, Id, SessionJwt, Timestamp } from "./primitives.ts";
import {
  AuthenticationResponseJSONSchema,
  CreationOptionsJSONSchema,
  RegistrationResponseJSONSchema,
  RequestOptionsJSONSchema,
} from "./webauthn.ts";
import { UserInfoSchema } from "./users.ts";

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
    lang: z
      .string()
      .max(35)
      .optional()
      .openapi({
        description:
          "The language of the page showing the QR (a BCP 47 tag, e.g. `de-DE`): the phone page speaks it " +
          "(en, de, fr or es; `?lang=` in mobileUrl) instead of the phone's own. Others are ignored.",
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
export const QrChallengeParams = z.object({ challenge_id: QrChallengeIdSchema });

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
    sessionToken: SessionJwt.optional().openapi({
      description:
        "completed login (starter only): the login's signed session token, as LoginSuccess has it.",
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
