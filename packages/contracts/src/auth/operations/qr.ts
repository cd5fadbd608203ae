// Cross-device (QR) sign-in and registration: the desktop's calls and the phone's.
import {
  QrAbortRequestSchema,
  QrChallengeParams,
  QrClaimRequestSchema,
  QrClaimResponseSchema,
  QrFinishRequestSchema,
  QrPhoneResultSchema,
  QrStartRequestSchema,
  QrStartResponseSchema,
  QrStatusResponseSchema,
} from "../schemas/qr.ts";
import { defineAuthOperations } from "./spec.ts";

export const qrOperations = defineAuthOperations([
  {
    method: "post",
    path: "/auth/v1/qr/start",
    operationId: "startQr",
    summary:
      "Start a cross-device (QR) login with a session token, or with {purpose: 'register'} a registration " +
      "for the user token's user. Keep `secret`: it reveals `user` when watching the status.",
    security: ["sessionToken", "userToken", "cookie"],
    // Every field is optional: a request without a body is an empty one.
    body: QrStartRequestSchema.default({}),
    response: QrStartResponseSchema,
    noStore: true,
    errors: ["unauthenticated", "tenant_disabled", "user_disabled"],
  },
  {
    method: "get",
    path: "/auth/v1/qr/{challenge_id}/status",
    operationId: "getQrStatus",
    summary:
      "The QR challenge's status. With the starter's secret as Bearer, also message, user and (login) " +
      "loginChallengeId for verify-auth; without it, the status alone. Also pushed as `status` events on " +
      "the socket.io namespace /qr.",
    security: ["qrSecret", "none"],
    params: QrChallengeParams,
    response: QrStatusResponseSchema,
    noStore: true,
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/auth/v1/qr/mobile/claim",
    operationId: "claimQr",
    summary:
      "The phone page opened the QR's URL: marks the challenge scanned (once; a second claim is a conflict) " +
      "and returns what to show the person and the WebAuthn options to run on the phone.",
    security: ["none"],
    body: QrClaimRequestSchema,
    response: QrClaimResponseSchema,
    noStore: true,
    errors: ["conflict", "challenge_expired", "tenant_disabled", "user_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/qr/mobile/finish",
    operationId: "finishQr",
    summary:
      "The phone's WebAuthn result: verified like authenticate/finish or register/finish; the challenge " +
      "becomes completed, or failed (refused) / error (server failure).",
    security: ["phoneToken"],
    body: QrFinishRequestSchema,
    response: QrPhoneResultSchema,
    errors: [
      "unauthenticated",
      "challenge_expired",
      "verification_failed",
      "credential_not_found",
      "user_disabled",
      "conflict",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/qr/mobile/abort",
    operationId: "abortQr",
    summary:
      "The phone gives up: cancelled (the person dismissed the prompt; the desktop shows a new QR) or failed.",
    security: ["phoneToken"],
    body: QrAbortRequestSchema,
    response: QrPhoneResultSchema,
    errors: ["unauthenticated", "challenge_expired"],
  },
]);
