/** Why a session token was refused (or could not be checked). */
export type SessionTokenErrorCode =
  /** No token in the request (the middleware's `Authorization: Bearer …`). */
  | "missing_token"
  /** Not a JWT, or not one the auth server signs (algorithm, type, missing claims). */
  | "malformed_token"
  /** Past its `exp` (tokens live 15 minutes): sign in again, or ask the auth server for a fresh one. */
  | "token_expired"
  /** Issued for another tenant (`aud`), or by another auth server (`iss`). */
  | "wrong_tenant"
  /** The signature does not match: the token was altered, or not signed by the tenant's key. */
  | "invalid_signature"
  /** No key with the token's `kid` in the tenant's JWKS (retired more than a day ago, or never its key). */
  | "unknown_key"
  /** The JWKS could not be fetched: the auth server is unreachable or answered an error. */
  | "jwks_unavailable";

/** A refused session token; `code` says why, `message` says it in words for a log or a 401 body. */
export class SessionTokenError extends Error {
  override readonly name = "SessionTokenError";

  constructor(
    readonly code: SessionTokenErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The HTTP status a server answers: 503 when the keys could not be fetched, else 401. */
  get status(): 401 | 503 {
    return this.code === "jwks_unavailable" ? 503 : 401;
  }
}
