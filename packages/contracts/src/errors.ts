import { z } from "./zod.ts";

/** Error codes of the board API, with their HTTP status. */
export const boardErrorStatus = {
  unauthenticated: 401,
  forbidden: 403,
  /** The web session must prove a passkey again (POST /app/auth/step-up) before this change. */
  step_up_required: 403,
  not_found: 404,
  /** A known path called with a method it does not take; the `Allow` header names those it does. */
  method_not_allowed: 405,
  conflict: 409,
  /** The event feed: `after` is older than what is kept (retention). */
  gone: 410,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
} as const;
export type BoardErrorCode = keyof typeof boardErrorStatus;

/**
 * Error codes of the auth server (AuthResponse `error_code`), with their HTTP status. Invalid
 * input is `bad_request` here (the board's `validation_failed`; see authErrors in service-kit).
 */
export const authErrorStatus = {
  bad_request: 400,
  verification_failed: 400,
  unauthenticated: 401,
  /** Password login: wrong username or password (the same answer for both). */
  invalid_credentials: 401,
  /** A session or user token that was valid and has expired: fetch a fresh one. */
  token_expired: 401,
  user_disabled: 403,
  tenant_disabled: 403,
  configuration_error: 403,
  forbidden: 403,
  /**
   * Adding or removing a passkey needs a passkey used in the last 5 minutes by the credential
   * asking (the dashboard's session, a manage-scoped user token): step up, then try again.
   */
  step_up_required: 403,
  credential_not_found: 404,
  not_found: 404,
  conflict: 409,
  challenge_expired: 410,
  payload_too_large: 413,
  rate_limited: 429,
  server_error: 500,
  service_unavailable: 503,
} as const;
export type AuthErrorCode = keyof typeof authErrorStatus;

export type ErrorCode = BoardErrorCode | AuthErrorCode;

export const ErrorDetailSchema = z
  .object({ path: z.string(), message: z.string() })
  .openapi("ErrorDetail", { description: "One invalid field: dotted path and what is wrong." });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** The board API's error body: `{"error":{"code","message","details"?}}`. */
export const BoardErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(boardErrorStatus) as [BoardErrorCode, ...BoardErrorCode[]]),
      message: z.string(),
      details: z.array(ErrorDetailSchema).optional(),
    }),
  })
  .openapi("Error");
export type BoardError = z.infer<typeof BoardErrorSchema>;

/** The auth server's failure body (the `success: false` arm of AuthResponse). */
export const AuthFailureSchema = z
  .object({
    success: z.literal(false),
    error_code: z.enum(Object.keys(authErrorStatus) as [AuthErrorCode, ...AuthErrorCode[]]),
    error: z.string(),
    details: z.array(ErrorDetailSchema).optional(),
  })
  .openapi("AuthFailure");
export type AuthFailure = z.infer<typeof AuthFailureSchema>;
