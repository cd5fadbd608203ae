// The tenant server's tokens (X-API-KEY): user token, session token, verify-auth; and the JWKS that
// verifies the signed session tokens of logins.
import {
  JwksSchema,
  SessionTokenResponseSchema,
  UserTokenRequestSchema,
  UserTokenResponseSchema,
  VerifyAuthRequestSchema,
  VerifyAuthResponseSchema,
} from "../schemas/tokens.ts";
import { TenantIdParams } from "../admin/tenants.ts";
import { defineAuthOperations } from "./spec.ts";

export const tokenOperations = defineAuthOperations([
  {
    method: "post",
    path: "/api/v1/user-token",
    operationId: "createUserToken",
    summary: "Create or update a user by externalId and issue a registration token for it (TTL 5..600 s).",
    security: ["apiKey"],
    body: UserTokenRequestSchema,
    response: UserTokenResponseSchema,
    noStore: true,
    errors: ["unauthenticated", "tenant_disabled", "user_disabled"],
  },
  {
    method: "post",
    path: "/api/v1/session-token",
    operationId: "createSessionToken",
    summary: "Issue a session token (15 minutes) for the authenticate component and password login.",
    security: ["apiKey"],
    response: SessionTokenResponseSchema,
    noStore: true,
    errors: ["unauthenticated", "tenant_disabled"],
  },
  {
    method: "post",
    path: "/api/v1/verify-auth",
    operationId: "verifyAuth",
    summary: "Confirm a login of this tenant completed in the last 5 minutes; prfResult is returned once.",
    security: ["apiKey"],
    body: VerifyAuthRequestSchema,
    response: VerifyAuthResponseSchema,
    noStore: true,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "get",
    path: "/t/{tenant_id}/.well-known/jwks.json",
    operationId: "getTenantJwks",
    summary:
      "The tenant's public keys (JWKS) that verify the sessionToken of its logins; public, cacheable for a minute.",
    security: ["none"],
    params: TenantIdParams,
    response: JwksSchema,
    errors: ["not_found"],
  },
]);
