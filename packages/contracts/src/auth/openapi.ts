import type { ZodType } from "zod";
import { AuthFailureSchema } from "../errors.ts";
import { buildOpenApiDocument, OpenAPIRegistry, registerHealth } from "../openapi.ts";
import { z } from "../zod.ts";
import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  AuthenticateStartResponseSchema,
  ExternalIdParams,
  LoginSuccessSchema,
  PasskeyIdParams,
  PasskeyInfoSchema,
  PasswordLoginRequestSchema,
  RegisterFinishRequestSchema,
  RegisterFinishResponseSchema,
  RegisterStartRequestSchema,
  RegisterStartResponseSchema,
  SessionTokenResponseSchema,
  TenantUserSchema,
  UpsertUserRequestSchema,
  UserTokenRequestSchema,
  UserTokenResponseSchema,
  VerifyAuthRequestSchema,
  VerifyAuthResponseSchema,
} from "./schemas.ts";

type Security = "apiKey" | "userToken" | "sessionToken" | "cookie";

interface AuthOperation {
  method: "get" | "post" | "delete";
  path: string;
  summary: string;
  security: Security[];
  params?: z.ZodObject;
  body?: ZodType;
  status?: number;
  response?: ZodType;
  /** Failure codes this operation can answer, besides validation_failed, rate_limited and server_error. */
  errors: string[];
}

const operations: AuthOperation[] = [
  {
    method: "post",
    path: "/api/v1/user-token",
    summary: "Create or update a user by externalId and issue a registration token for it (TTL 5..600 s).",
    security: ["apiKey"],
    body: UserTokenRequestSchema,
    response: UserTokenResponseSchema,
    errors: ["unauthenticated", "tenant_disabled", "user_disabled"],
  },
  {
    method: "post",
    path: "/api/v1/session-token",
    summary: "Issue a session token (15 minutes) for the authenticate component and password login.",
    security: ["apiKey"],
    response: SessionTokenResponseSchema,
    errors: ["unauthenticated", "tenant_disabled"],
  },
  {
    method: "post",
    path: "/api/v1/verify-auth",
    summary: "Confirm a login of this tenant completed in the last 5 minutes; prfResult is returned once.",
    security: ["apiKey"],
    body: VerifyAuthRequestSchema,
    response: VerifyAuthResponseSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "post",
    path: "/api/v1/users",
    summary: "Create or update a user (password hashed with Argon2id).",
    security: ["apiKey"],
    body: UpsertUserRequestSchema,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/users/{external_id}",
    summary: "Read a user.",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "post",
    path: "/api/v1/users/{external_id}/disable",
    summary: "Disable a user: passkeys are kept, sign-in and registration answer user_disabled.",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "post",
    path: "/api/v1/users/{external_id}/enable",
    summary: "Re-enable a disabled user.",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "post",
    path: "/auth/v1/register/start",
    summary: "Start passkey registration for the token's (or the session's) user.",
    security: ["userToken", "cookie"],
    body: RegisterStartRequestSchema,
    response: RegisterStartResponseSchema,
    errors: ["unauthenticated", "tenant_disabled", "user_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/register/finish",
    summary: "Verify the attestation and store the passkey.",
    security: ["userToken", "cookie"],
    body: RegisterFinishRequestSchema,
    response: RegisterFinishResponseSchema,
    errors: [
      "unauthenticated",
      "tenant_disabled",
      "user_disabled",
      "verification_failed",
      "challenge_expired",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/authenticate/start",
    summary: "Start a discoverable-credential login (empty allowCredentials, user verification required).",
    security: ["sessionToken"],
    body: AuthenticateStartRequestSchema,
    response: AuthenticateStartResponseSchema,
    errors: ["unauthenticated", "tenant_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/authenticate/finish",
    summary: "Verify the assertion; sets the session cookie.",
    security: ["sessionToken"],
    body: AuthenticateFinishRequestSchema,
    response: LoginSuccessSchema,
    errors: [
      "unauthenticated",
      "tenant_disabled",
      "user_disabled",
      "verification_failed",
      "challenge_expired",
      "credential_not_found",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/password/login",
    summary: "Username and password login; unknown user and wrong password answer alike.",
    security: ["sessionToken"],
    body: PasswordLoginRequestSchema,
    response: LoginSuccessSchema,
    errors: ["unauthenticated", "tenant_disabled", "user_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/logout",
    summary: "Revoke the session of the cookie and clear it.",
    security: ["cookie"],
    status: 204,
    errors: [],
  },
  {
    method: "get",
    path: "/auth/v1/passkeys",
    summary: "The signed-in user's passkeys.",
    security: ["cookie"],
    response: z.array(PasskeyInfoSchema),
    errors: ["unauthenticated"],
  },
  {
    method: "delete",
    path: "/auth/v1/passkeys/{id}",
    summary: "Delete one of the signed-in user's passkeys.",
    security: ["cookie"],
    params: PasskeyIdParams,
    status: 204,
    errors: ["unauthenticated", "not_found"],
  },
];

/** Every operation of the auth server, registered from the shared schemas. */
export function authServerRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerHealth(registry, AuthFailureSchema);
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-KEY",
  });
  registry.registerComponent("securitySchemes", "userToken", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "sessionToken", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "cookie", {
    type: "apiKey",
    in: "cookie",
    name: "authkit_session",
  });
  const failure = { description: "Failure", content: { "application/json": { schema: AuthFailureSchema } } };
  for (const op of operations) {
    const status = op.status ?? 200;
    registry.registerPath({
      method: op.method,
      path: op.path,
      summary: op.summary,
      security: op.security.map((name) => ({ [name]: [] })),
      request: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.body
          ? { body: { required: true, content: { "application/json": { schema: op.body } } } }
          : {}),
      },
      responses: {
        [String(status)]: op.response
          ? { description: "Success", content: { "application/json": { schema: op.response } } }
          : { description: "Success, no body" },
        "4XX": {
          ...failure,
          description: `Failure: ${[...op.errors, "validation_failed", "rate_limited"].join(", ")}`,
        },
        "5XX": failure,
      },
    });
  }
  return registry;
}

export function authOpenApiDocument() {
  return buildOpenApiDocument(authServerRegistry(), {
    title: "Auth server",
    version: "1.0.0",
    description: "Multi-tenant passkey (WebAuthn) authentication.",
  });
}
