import type { AuthKitError } from "../core/errors.ts";
import type { AuthFailure } from "../core/types.ts";

/** The `success: false` arm of AuthResponse for an error. */
export const failureOf = (error: AuthKitError): AuthFailure => ({
  success: false,
  error_code: error.code,
  error: error.message,
  ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
});
