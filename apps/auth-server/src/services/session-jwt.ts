// The `sessionToken` of a login result: a short-lived JWT the tenant's backend verifies offline
// against the tenant's JWKS (@org/authkit-node), instead of calling verify-auth for every login.
// Not to be confused with the opaque `st_…` token of POST /api/v1/session-token, which a page
// holds to start a login.
import { importJWK, SignJWT } from "jose";
import { v7 as uuidv7 } from "uuid";
import type { AuthContext } from "../context.ts";
import { currentSigningKey, SIGNING_ALG } from "./signing-keys.ts";

/** Lifetime of a session token (the contract's ceiling: 15 minutes). */
export const SESSION_JWT_TTL_SECONDS = 15 * 60;

/** `<PUBLIC_URL>/t/<tenant_id>`: the tokens' `iss`, under which the JWKS is served. */
export function tenantIssuer(publicUrl: string, tenantId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/t/${tenantId}`;
}

/**
 * Signs a session token for a login of `externalId` in `tenantId` with the tenant's current key:
 * `iss` the tenant's issuer, `aud` the tenant id, `sub` the externalId, `exp` 15 minutes from now,
 * `kid` in the header; `auth_time` and `method` say when and how the person signed in.
 */
export async function signSessionToken({
  ctx,
  tenantId,
  externalId,
  authenticatedAt,
  method,
}: {
  ctx: Pick<AuthContext, "db" | "now" | "env">;
  tenantId: string;
  externalId: string;
  /** Milliseconds since the epoch. */
  authenticatedAt: number;
  method: "passkey" | "password";
}): Promise<string> {
  const key = await currentSigningKey(ctx, tenantId);
  const now = Math.floor(ctx.now() / 1000);
  return new SignJWT({ auth_time: Math.floor(authenticatedAt / 1000), method })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: "JWT", kid: key.id })
    .setIssuer(tenantIssuer(ctx.env.PUBLIC_URL, tenantId))
    .setAudience(tenantId)
    .setSubject(externalId)
    .setIssuedAt(now)
    .setExpirationTime(now + SESSION_JWT_TTL_SECONDS)
    .setJti(uuidv7())
    .sign(await importJWK(key.privateJwk, SIGNING_ALG));
}
