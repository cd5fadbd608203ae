import type { AuthKitError } from "../core/errors.ts";
import type { AuthFailure, AuthResult, LoginAnswer, LoginResult } from "../core/types.ts";

/** The `success: false` arm of AuthResponse for an error. */
export const failureOf = (error: AuthKitError): AuthFailure => ({
  success: false,
  error_code: error.code,
  error: error.message,
  ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
});

/** A login's answer (passkey, password, sign-up) as its result: the answer without its `success`. */
export const loginResult = ({ success: _success, ...login }: LoginAnswer): LoginResult => login;

/**
 * A login's result from a flow whose type cannot promise its `challengeId` (a phone's, through the
 * QR status): `""` when absent, which verify-auth refuses.
 */
export const asLogin = (result: AuthResult): LoginResult => ({ challengeId: "", ...result });
