// Verifies a login's session token offline: the signature against the tenant's JWKS (fetched once,
// then cached by jose and refetched when a token names a key it does not know, e.g. after a
// rotation), then the issuer, audience, expiry and lifetime.
import {
  createRemoteJWKSet,
  decodeJwt,
  errors,
  jwtVerify,
  type JWTPayload,
  type RemoteJWKSetOptions,
} from "jose";
import { SessionTokenError } from "./errors.ts";

/** The claims of a verified session token. */
export interface SessionClaims extends JWTPayload {
  /** `<auth server PUBLIC_URL>/t/<tenant id>`. */
  iss: string;
  /** The tenant id. */
  aud: string;
  /** The user's externalId: your own identifier of the user. */
  sub: string;
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch; at most 15 minutes after `iat`. */
  exp: number;
  /** When the person signed in (seconds since the epoch). */
  auth_time: number;
  /** How the person signed in. */
  method: "passkey" | "password";
  jti: string;
}

export interface VerifySessionOptions {
  /** Your tenant's id: the tokens' `aud`. */
  tenantId: string;
  /** The auth server's public URL (its PUBLIC_URL), e.g. `https://auth.example.com`. */
  authServerUrl?: string;
  /** Or the issuer itself, `<authServerUrl>/t/<tenantId>` (wins over authServerUrl). */
  issuer?: string;
  /** Seconds of clock skew tolerated on `exp` and `iat` (default 5). */
  clockTolerance?: number;
  /** jose's JWKS cache settings (cacheMaxAge, cooldownDuration, timeoutDuration). */
  jwks?: RemoteJWKSetOptions;
}

/** Tokens live 15 minutes; one claiming more was not made by the auth server. */
const MAX_TOKEN_AGE = "15 minutes";

/** The issuer a token of `options` must carry; its JWKS lives under it. */
export function issuerOf(
  options: Pick<VerifySessionOptions, "issuer" | "authServerUrl" | "tenantId">,
): string {
  if (options.issuer) return options.issuer.replace(/\/+$/, "");
  if (!options.authServerUrl) throw new TypeError("verifySession needs authServerUrl (or issuer).");
  return `${options.authServerUrl.replace(/\/+$/, "")}/t/${options.tenantId}`;
}

/** `<issuer>/.well-known/jwks.json`: where the auth server publishes the tenant's keys. */
export const jwksUrlOf = (issuer: string) => `${issuer}/.well-known/jwks.json`;

/** A verifier bound to one tenant; keeps its JWKS between calls. */
export type SessionVerifier = (token: string) => Promise<SessionClaims>;

export function createSessionVerifier(options: VerifySessionOptions): SessionVerifier {
  const issuer = issuerOf(options);
  const keys = createRemoteJWKSet(new URL(jwksUrlOf(issuer)), options.jwks);
  return async (token) => {
    precheck(token, issuer, options.tenantId);
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer,
        audience: options.tenantId,
        algorithms: ["ES256"],
        typ: "JWT",
        maxTokenAge: MAX_TOKEN_AGE,
        clockTolerance: options.clockTolerance ?? 5,
        requiredClaims: ["sub", "exp", "iat"],
      });
      return payload as SessionClaims;
    } catch (error) {
      throw refusal(error, issuer);
    }
  };
}

// One verifier (and JWKS cache) per issuer and tenant, for verifySession's callers.
const verifiers = new Map<string, SessionVerifier>();

/**
 * Verifies a login's `sessionToken` for your tenant and returns its claims (`sub` is the user's
 * externalId), or throws a SessionTokenError saying why not. The tenant's JWKS is fetched on first
 * use and cached.
 */
export function verifySession(token: string, options: VerifySessionOptions): Promise<SessionClaims> {
  const key = `${issuerOf(options)} ${options.tenantId}`;
  let verify = verifiers.get(key);
  if (!verify) {
    verify = createSessionVerifier(options);
    verifiers.set(key, verify);
  }
  return verify(token);
}

/**
 * Checks on the unverified claims that can only refuse, for a message that names the cause: a token
 * of another tenant is signed with that tenant's key, which this tenant's JWKS does not hold, so
 * the signature check alone would only say "unknown key".
 */
function precheck(token: string, issuer: string, tenantId: string): void {
  let claims: JWTPayload;
  try {
    claims = decodeJwt(token);
  } catch (error) {
    throw new SessionTokenError("malformed_token", "The session token is not a JWT.", { cause: error });
  }
  const audiences = typeof claims.aud === "string" ? [claims.aud] : (claims.aud ?? []);
  if (!audiences.includes(tenantId)) {
    throw new SessionTokenError(
      "wrong_tenant",
      `The session token is for tenant ${audiences.join(", ") || "(none)"}, not ${tenantId}.`,
    );
  }
  if (claims.iss !== issuer) {
    throw new SessionTokenError(
      "wrong_tenant",
      `The session token was issued by ${String(claims.iss)}, not ${issuer}.`,
    );
  }
}

function refusal(error: unknown, issuer: string): SessionTokenError {
  if (error instanceof SessionTokenError) return error;
  if (error instanceof errors.JWTExpired) {
    const exp =
      typeof error.payload.exp === "number" ? new Date(error.payload.exp * 1000).toISOString() : "?";
    return new SessionTokenError("token_expired", `The session token expired at ${exp}.`, { cause: error });
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new SessionTokenError(
      "invalid_signature",
      "The session token's signature does not match: it was altered, or not signed by this tenant's key.",
      { cause: error },
    );
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    return new SessionTokenError(
      "unknown_key",
      `No key of the token's kid in ${jwksUrlOf(issuer)}: its key was retired more than a day ago, or it is not this tenant's.`,
      { cause: error },
    );
  }
  // A failed fetch (network, non-200, not JSON) is a plain JOSEError or not jose's at all.
  const unfetched =
    !(error instanceof errors.JOSEError) ||
    error.code === errors.JOSEError.code ||
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid;
  if (unfetched) {
    return new SessionTokenError(
      "jwks_unavailable",
      `The tenant's keys could not be fetched from ${jwksUrlOf(issuer)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new SessionTokenError(
      "malformed_token",
      `The session token's ${error.claim} claim is not valid: ${error.reason}.`,
      {
        cause: error,
      },
    );
  }
  return new SessionTokenError("malformed_token", `The session token is not valid: ${error.message}`, {
    cause: error,
  });
}
