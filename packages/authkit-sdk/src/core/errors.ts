/** Every error the SDK throws or emits carries one of these codes. */
export type AuthKitErrorCode =
  /** The user dismissed the WebAuthn dialog (a browser `NotAllowedError`). */
  | "user_cancelled"
  /** Network or fetch failure, or the request timed out (`timeout`). */
  | "server_unreachable"
  /** No matching passkey on the server. */
  | "credential_not_found"
  /** The QR code or challenge timed out. */
  | "challenge_expired"
  /** The browser lacks WebAuthn (or the page is not a secure context). */
  | "webauthn_not_supported"
  /** The user was disabled by the tenant. */
  | "user_disabled"
  /** A missing or invalid token, a disabled tenant, or an RP ID that does not match the page. */
  | "configuration_error"
  /** HTTP 429; `retryAfter` holds the seconds from `Retry-After`. */
  | "rate_limited"
  /** The server answered with an error. */
  | "server_error"
  /** Unclassified. */
  | "unknown";

export const AUTHKIT_ERROR_CODES: readonly AuthKitErrorCode[] = [
  "user_cancelled",
  "server_unreachable",
  "credential_not_found",
  "challenge_expired",
  "webauthn_not_supported",
  "user_disabled",
  "configuration_error",
  "rate_limited",
  "server_error",
  "unknown",
];

export interface AuthKitErrorOptions {
  /** Seconds to wait before retrying, from `Retry-After` (rate_limited only). */
  retryAfter?: number | undefined;
  /** The server's `error_code` when the error came from an HTTP answer. */
  serverCode?: string | undefined;
  /** The HTTP status when the error came from an HTTP answer. */
  status?: number | undefined;
  /** The original error (a DOMException from WebAuthn, a fetch TypeError, …). */
  cause?: unknown;
}

/** The one error class of the SDK: a human-readable `message` and a machine-readable `code`. */
export class AuthKitError extends Error {
  override readonly name = "AuthKitError";
  readonly code: AuthKitErrorCode;
  /** Seconds to wait before retrying, from `Retry-After` (set on `rate_limited`). */
  readonly retryAfter?: number;
  /** The server's `error_code` (for example `verification_failed`), when the server answered. */
  readonly serverCode?: string;
  /** The HTTP status, when the server answered. */
  readonly status?: number;

  constructor(code: AuthKitErrorCode, message: string, options: AuthKitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.serverCode !== undefined) this.serverCode = options.serverCode;
    if (options.status !== undefined) this.status = options.status;
  }
}

/**
 * The SDK code of a server `error_code`. Server codes without an SDK counterpart
 * (`verification_failed`, `not_found`, `conflict`, …) are `server_error`; the original stays in
 * `AuthKitError.serverCode`.
 */
export function codeOfServerError(serverCode: string | undefined, status: number): AuthKitErrorCode {
  switch (serverCode) {
    case "credential_not_found":
    case "challenge_expired":
    case "user_disabled":
    case "rate_limited":
    case "configuration_error":
      return serverCode;
    // A token that is missing, invalid or expired, or a disabled tenant: the site's setup is at fault.
    case "unauthenticated":
    case "tenant_disabled":
      return "configuration_error";
    case undefined:
      return status === 429 ? "rate_limited" : "server_error";
    default:
      return "server_error";
  }
}

/** `Retry-After` as whole seconds: delta-seconds or an HTTP date (RFC 9110); undefined if absent or bad. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[A-Za-z]{3}, /.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

const nameOf = (error: unknown): string | undefined =>
  error && typeof error === "object" && "name" in error && typeof error.name === "string"
    ? error.name
    : undefined;

/** SimpleWebAuthn wraps the browser's DOMException in a WebAuthnError with a `code` and the original as `cause`. */
function unwrap(error: unknown): { name: string | undefined; swCode: string | undefined; inner: unknown } {
  const swCode =
    error && typeof error === "object" && "code" in error && typeof error.code === "string"
      ? error.code
      : undefined;
  const cause = error && typeof error === "object" && "cause" in error ? error.cause : undefined;
  if (swCode?.startsWith("ERROR_") && cause) return { name: nameOf(cause), swCode, inner: cause };
  return { name: nameOf(error), swCode, inner: error };
}

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error);

/**
 * Classifies anything thrown during a ceremony or a request into an AuthKitError (an AuthKitError
 * is returned as it is). `context.rpId` names the relying party in the configuration message.
 */
export function toAuthKitError(error: unknown, context: { rpId?: string | undefined } = {}): AuthKitError {
  if (error instanceof AuthKitError) return error;
  const { name, swCode, inner } = unwrap(error);
  const message = messageOf(inner);
  switch (swCode) {
    case "ERROR_CEREMONY_ABORTED":
      return new AuthKitError("user_cancelled", "The passkey request was cancelled.", { cause: error });
    case "ERROR_INVALID_DOMAIN":
    case "ERROR_INVALID_RP_ID":
      return rpMismatch(error, context.rpId);
    case "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED":
      return new AuthKitError("unknown", "This authenticator already holds a passkey for this account.", {
        cause: error,
      });
  }
  switch (name) {
    case "NotAllowedError":
    case "AbortError":
      return new AuthKitError("user_cancelled", "The passkey request was cancelled or timed out.", {
        cause: error,
      });
    case "SecurityError":
      return rpMismatch(error, context.rpId);
    case "NotSupportedError":
      return new AuthKitError(
        "webauthn_not_supported",
        "This browser or authenticator does not support passkeys.",
        {
          cause: error,
        },
      );
    case "InvalidStateError":
      return new AuthKitError("unknown", "This authenticator already holds a passkey for this account.", {
        cause: error,
      });
  }
  if (/WebAuthn is not supported/i.test(message)) {
    return new AuthKitError("webauthn_not_supported", "This browser does not support passkeys (WebAuthn).", {
      cause: error,
    });
  }
  return new AuthKitError("unknown", message || "Something went wrong.", { cause: error });
}

function rpMismatch(cause: unknown, rpId: string | undefined): AuthKitError {
  const page = typeof location === "undefined" ? "this page" : location.hostname;
  const expected = rpId ? `the tenant's rp_id "${rpId}"` : "the tenant's rp_id";
  return new AuthKitError(
    "configuration_error",
    `Passkeys of ${expected} cannot be used on ${page}: the rp_id must be this page's domain or a parent of it (or list this origin in https://${rpId ?? "<rp_id>"}/.well-known/webauthn).`,
    { cause },
  );
}
