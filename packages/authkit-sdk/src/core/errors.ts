/** Every error the SDK throws or emits carries one of these codes. */
export type AuthKitErrorCode =
  /** The person dismissed the passkey dialog (a browser `NotAllowedError` after they saw it). */
  | "user_cancelled"
  /** Network failure, the server is down, or the request timed out (`timeout`). */
  | "server_unreachable"
  /** No matching passkey: not on the server, or none for this site on this device. */
  | "credential_not_found"
  /** The QR code, the challenge or the page's token expired (`serverCode` says which): start again. */
  | "challenge_expired"
  /** The browser lacks WebAuthn (or the page is not a secure context). */
  | "webauthn_not_supported"
  /** The user was disabled by the tenant. */
  | "user_disabled"
  /** The site's setup: a missing attribute or token, an origin the tenant does not list, an RP ID that does not match the page. */
  | "configuration_error"
  /** Password login: wrong username or password. */
  | "invalid_credentials"
  /**
   * The site's own token URL (`session-token-url`, `assertion-url`) failed while the auth server is
   * fine: a 404, a signed-out page's 401, a 500 of a wrong API key. `detail: { attribute, status }`.
   */
  | "token_url_failed"
  /** HTTP 429; `retryAfter` holds the seconds from `Retry-After`. */
  | "rate_limited"
  /** The server answered with an error. */
  | "server_error"
  /** Unclassified. */
  | "unknown";

/** Every code, by name: `AuthKitErrorCode.CONFIGURATION_ERROR === "configuration_error"`. */
export const AuthKitErrorCode = {
  USER_CANCELLED: "user_cancelled",
  SERVER_UNREACHABLE: "server_unreachable",
  CREDENTIAL_NOT_FOUND: "credential_not_found",
  CHALLENGE_EXPIRED: "challenge_expired",
  WEBAUTHN_NOT_SUPPORTED: "webauthn_not_supported",
  USER_DISABLED: "user_disabled",
  CONFIGURATION_ERROR: "configuration_error",
  INVALID_CREDENTIALS: "invalid_credentials",
  TOKEN_URL_FAILED: "token_url_failed",
  RATE_LIMITED: "rate_limited",
  SERVER_ERROR: "server_error",
  UNKNOWN: "unknown",
} as const satisfies Record<string, AuthKitErrorCode>;

export const AUTHKIT_ERROR_CODES: readonly AuthKitErrorCode[] = Object.values(AuthKitErrorCode);

/** What failed, for `token_url_failed` (and the other errors a token URL's failure becomes). */
export interface AuthKitErrorDetail {
  /** The element's attribute: `session-token-url` or `assertion-url`. */
  attribute: string;
  /** The URL's HTTP status (0: no answer at all). */
  status: number;
}

export interface AuthKitErrorOptions {
  /** Seconds to wait before retrying, from `Retry-After` (rate_limited only). */
  retryAfter?: number | undefined;
  /** The server's `error_code` when the error came from an HTTP answer. */
  serverCode?: string | undefined;
  /** The HTTP status when the error came from an HTTP answer. */
  status?: number | undefined;
  /** The attribute and status of a failed token URL. */
  detail?: AuthKitErrorDetail | undefined;
  /** The original error (a DOMException from WebAuthn, a fetch TypeError, …). */
  cause?: unknown;
}

/**
 * The one error class of the SDK: a machine-readable `code` and a `message` for the site's
 * developer (English; what a person should read is `describeError(error)` in their language).
 */
export class AuthKitError extends Error {
  override readonly name = "AuthKitError";
  readonly code: AuthKitErrorCode;
  /** Seconds to wait before retrying, from `Retry-After` (set on `rate_limited`). */
  readonly retryAfter?: number;
  /** The server's `error_code` (for example `verification_failed`, `token_expired`), when the server answered. */
  readonly serverCode?: string;
  /** The HTTP status, when the server answered. */
  readonly status?: number;
  /** A token URL's failure: which attribute, and what it answered. */
  readonly detail?: AuthKitErrorDetail;

  constructor(code: AuthKitErrorCode, message: string, options: AuthKitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options.retryAfter !== undefined) this.retryAfter = options.retryAfter;
    if (options.serverCode !== undefined) this.serverCode = options.serverCode;
    if (options.status !== undefined) this.status = options.status;
    if (options.detail !== undefined) this.detail = options.detail;
  }
}

/**
 * Whether trying the same thing again can help (the elements offer "Try again" only then): not for
 * the site's setup, a failing token URL, a disabled user or a browser without passkeys.
 */
export function retryHelps(error: Pick<AuthKitError, "code">): boolean {
  switch (error.code) {
    case "configuration_error":
    case "token_url_failed":
    case "user_disabled":
    case "webauthn_not_supported":
      return false;
    default:
      return true;
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
    case "invalid_credentials":
      return serverCode;
    // The page's token ran out: fetch a fresh one and start again.
    case "token_expired":
      return "challenge_expired";
    // A token the server does not know, a disabled tenant, or something the tenant turned off
    // (password sign-in, self-service sign-up) or the token's scope does not allow: the site's
    // setup is at fault, and trying again cannot help.
    case "unauthenticated":
    case "tenant_disabled":
    case "forbidden":
      return "configuration_error";
    // The server is up but its database or Redis is not (503, Retry-After): for the person, the
    // service cannot be reached right now.
    case "service_unavailable":
      return "server_unreachable";
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

const field = (error: unknown, key: "name" | "code"): string | undefined => {
  const value = error && typeof error === "object" && key in error ? (error as never)[key] : undefined;
  return typeof value === "string" ? value : undefined;
};

/** SimpleWebAuthn wraps the browser's DOMException in a WebAuthnError with a `code` and the original as `cause`. */
function unwrap(error: unknown): { name: string | undefined; swCode: string | undefined; inner: unknown } {
  const swCode = field(error, "code");
  const cause = error && typeof error === "object" && "cause" in error ? error.cause : undefined;
  if (swCode?.startsWith("ERROR_") && cause) return { name: field(cause, "name"), swCode, inner: cause };
  return { name: field(error, "name"), swCode, inner: error };
}

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : String(error);

/** The `unknown` error of an authenticator that already holds a passkey of the account. */
export const ALREADY_REGISTERED = "This authenticator already holds a passkey for this account.";

/**
 * A refusal this fast never showed the person anything: the browser found no passkey for this
 * site on this device (Chromium answers at once; nobody dismisses a dialog within a second).
 */
export const NO_PASSKEY_WITHIN_MS = 1_000;

export interface ErrorContext {
  /** The relying party, named in the configuration message. */
  rpId?: string | undefined;
  /** Sign-in ceremonies: how long `navigator.credentials.get()` ran before it failed. */
  signInMs?: number | undefined;
  /** Sign-in ceremonies: the `timeout` the browser was given (ms). */
  signInTimeoutMs?: number | undefined;
}

/**
 * A sign-in refused at once (the browser found no passkey for this site on this device), or only
 * when its timeout ran out (nothing on this device ever answered: a computer with no authenticator).
 */
function noPasskeyAnswered({ signInMs, signInTimeoutMs }: ErrorContext): boolean {
  if (signInMs === undefined) return false;
  if (signInMs < NO_PASSKEY_WITHIN_MS) return true;
  return signInTimeoutMs !== undefined && signInMs >= signInTimeoutMs - NO_PASSKEY_WITHIN_MS;
}

/**
 * Classifies anything thrown during a ceremony or a request into an AuthKitError (an AuthKitError
 * is returned as it is).
 */
export function toAuthKitError(error: unknown, context: ErrorContext = {}): AuthKitError {
  if (error instanceof AuthKitError) return error;
  const { name, swCode, inner } = unwrap(error);
  const message = messageOf(inner);
  const make = (code: AuthKitErrorCode, text: string) => new AuthKitError(code, text, { cause: error });
  const existing = () => make("unknown", ALREADY_REGISTERED);
  if (swCode === "ERROR_INVALID_DOMAIN" || swCode === "ERROR_INVALID_RP_ID" || name === "SecurityError") {
    return rpMismatch(error, context.rpId);
  }
  if (swCode === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError")
    return existing();
  if (swCode === "ERROR_CEREMONY_ABORTED")
    return make("user_cancelled", "The passkey request was cancelled.");
  if (name === "NotAllowedError" || name === "AbortError") {
    // The page may not use WebAuthn at all: an iframe without `allow="publickey-credentials-…"`.
    if (/feature is not enabled|permissions policy/i.test(message)) {
      return make("configuration_error", `This frame may not use passkeys: ${message}`);
    }
    if (name === "NotAllowedError" && noPasskeyAnswered(context)) {
      return make("credential_not_found", "No passkey for this site on this device.");
    }
    return make("user_cancelled", "The passkey request was cancelled or timed out.");
  }
  if (name === "NotSupportedError" || /WebAuthn is not supported/i.test(message)) {
    return make("webauthn_not_supported", "This browser or authenticator does not support passkeys.");
  }
  return make("unknown", message || "Something went wrong.");
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
