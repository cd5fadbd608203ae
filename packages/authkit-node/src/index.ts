// Verify the session tokens of AuthKit logins on your server, offline: JWT (ES256) against the
// tenant's JWKS, cached.
export { SessionTokenError, type SessionTokenErrorCode } from "./errors.ts";
export {
  createSessionVerifier,
  issuerOf,
  jwksUrlOf,
  verifySession,
  type SessionClaims,
  type SessionVerifier,
  type VerifySessionOptions,
} from "./verify.ts";
export { bearerToken, requireSession, type RequireSessionOptions, type SessionRequest } from "./express.ts";
