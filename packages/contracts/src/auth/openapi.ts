import type { ZodType } from "zod";
import { AuthFailureSchema } from "../errors.ts";
import { buildOpenApiDocument, OpenAPIRegistry, registerHealth } from "../openapi.ts";
import { z } from "../zod.ts";
import { adminOperations } from "./admin-operations.ts";
import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  AuthenticateStartResponseSchema,
  ExternalIdParams,
  LoginSuccessSchema,
  PasskeyIdParams,
  PasskeyInfoSchema,
  UserPasskeyParams,
  PasswordLoginRequestSchema,
  QrAbortRequestSchema,
  QrChallengeParams,
  QrClaimRequestSchema,
  QrClaimResponseSchema,
  QrFinishRequestSchema,
  QrPhoneResultSchema,
  QrStartRequestSchema,
  QrStartResponseSchema,
  QrStatusResponseSchema,
  RegisterFinishRequestSchema,
  RegisterFinishResponseSchema,
  RegisterStartRequestSchema,
  RegisterStartResponseSchema,
  RenamePasskeyRequestSchema,
  SessionTokenCheckSchema,
  SessionTokenResponseSchema,
  TenantUserSchema,
  UpsertUserRequestSchema,
  UserTokenRequestSchema,
  UserTokenResponseSchema,
  VerifyAuthRequestSchema,
  VerifyAuthResponseSchema,
} from "./schemas.ts";

/** "none": the operation also answers without credentials. */
type Security =
  "apiKey" | "userToken" | "sessionToken" | "cookie" | "adminSession" | "qrSecret" | "phoneToken" | "none";

export interface AuthOperation {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  summary: string;
  security: Security[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers (the admin API's X-CSRF-Token). */
  headers?: z.ZodObject;
  body?: ZodType;
  status?: number;
  response?: ZodType;
  /** Failure codes this operation can answer, besides bad_request, rate_limited and server_error. */
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
    method: "delete",
    path: "/api/v1/users/{external_id}",
    summary:
      "Delete a user who cannot sign in (no passkey, no password): what a tenant does with a sign-up " +
      "abandoned after its user token was issued. A user with a passkey or a password is a conflict " +
      "(disable it instead).",
    security: ["apiKey"],
    params: ExternalIdParams,
    status: 204,
    errors: ["unauthenticated", "tenant_disabled", "not_found", "conflict"],
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
    method: "get",
    path: "/api/v1/users/{external_id}/passkeys",
    summary:
      "A user's passkeys, oldest first: what the tenant's own account page lists (the cookie routes " +
      "serve only the auth server's own pages).",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: z.array(PasskeyInfoSchema),
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "delete",
    path: "/api/v1/users/{external_id}/passkeys/{id}",
    summary: "Delete one of the user's passkeys (audited as passkey_deleted); another user's is not_found.",
    security: ["apiKey"],
    params: UserPasskeyParams,
    status: 204,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "post",
    path: "/auth/v1/register/start",
    summary:
      "Start passkey registration for the token's (or the session's) user. The cookie counts only " +
      "from the auth server's own pages (another Origin: forbidden).",
    security: ["userToken", "cookie"],
    body: RegisterStartRequestSchema,
    response: RegisterStartResponseSchema,
    errors: [
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "forbidden",
      "tenant_disabled",
      "user_disabled",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/register/finish",
    summary:
      "Verify the attestation and store the passkey. Input is checked before the challenge is spent " +
      "(a refused request can be corrected and sent again); any failure stores nothing, and a verified " +
      "passkey that cannot be saved answers server_error saying so.",
    security: ["userToken", "cookie"],
    body: RegisterFinishRequestSchema,
    response: RegisterFinishResponseSchema,
    errors: [
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "forbidden",
      "conflict",
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
    errors: ["unauthenticated", "token_expired", "configuration_error", "tenant_disabled"],
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
      "token_expired",
      "configuration_error",
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
    summary:
      "Username and password login; unknown user and wrong password answer alike, a disabled user " +
      "user_disabled whatever the password. Failures are limited per account and client IP.",
    security: ["sessionToken"],
    body: PasswordLoginRequestSchema,
    response: LoginSuccessSchema,
    errors: [
      "invalid_credentials",
      "unauthenticated",
      "token_expired",
      "configuration_error",
      "tenant_disabled",
      "user_disabled",
    ],
  },
  {
    method: "get",
    path: "/auth/v1/session-token",
    summary:
      "Check the session token a page holds, from that page: its expiry, or why it cannot sign in " +
      "(token_expired: fetch a fresh one; unauthenticated: not a token of this server; " +
      "configuration_error: the page's origin is not one of the tenant's, named in the message; " +
      "tenant_disabled). The SDK's sign-in component calls it when it mounts.",
    security: ["sessionToken"],
    response: SessionTokenCheckSchema,
    errors: ["unauthenticated", "token_expired", "configuration_error", "tenant_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/logout",
    summary: "Revoke the session of the cookie and clear it (from the auth server's own pages only).",
    security: ["cookie"],
    status: 204,
    errors: ["forbidden"],
  },
  {
    method: "get",
    path: "/auth/v1/passkeys",
    summary:
      "The user's passkeys, oldest first: with a manage-scoped user token from the tenant's pages " +
      "(POST /api/v1/user-token with scope manage), or the session cookie from the auth server's own pages.",
    security: ["userToken", "cookie"],
    response: z.array(PasskeyInfoSchema),
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "user_disabled"],
  },
  {
    method: "patch",
    path: "/auth/v1/passkeys/{id}",
    summary: "Rename one of the user's passkeys (manage-scoped user token, or the session cookie).",
    security: ["userToken", "cookie"],
    params: PasskeyIdParams,
    body: RenamePasskeyRequestSchema,
    response: PasskeyInfoSchema,
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "not_found"],
  },
  {
    method: "delete",
    path: "/auth/v1/passkeys/{id}",
    summary: "Delete one of the user's passkeys (manage-scoped user token, or the session cookie).",
    security: ["userToken", "cookie"],
    params: PasskeyIdParams,
    status: 204,
    errors: ["unauthenticated", "token_expired", "configuration_error", "forbidden", "not_found"],
  },
  {
    method: "post",
    path: "/auth/v1/qr/start",
    summary:
      "Start a cross-device (QR) login with a session token, or with {purpose: 'register'} a registration " +
      "for the user token's user. Keep `secret`: it reveals `user` when watching the status.",
    security: ["sessionToken", "userToken", "cookie"],
    body: QrStartRequestSchema,
    response: QrStartResponseSchema,
    errors: ["unauthenticated", "tenant_disabled", "user_disabled"],
  },
  {
    method: "get",
    path: "/auth/v1/qr/{challengeId}/status",
    summary:
      "The QR challenge's status. With the starter's secret as Bearer, also message, user and (login) " +
      "loginChallengeId for verify-auth; without it, the status alone. Also pushed as `status` events on " +
      "the socket.io namespace /qr.",
    security: ["qrSecret", "none"],
    params: QrChallengeParams,
    response: QrStatusResponseSchema,
    errors: ["not_found"],
  },
  {
    method: "post",
    path: "/auth/v1/qr/mobile/claim",
    summary:
      "The phone page opened the QR's URL: marks the challenge scanned (once; a second claim is a conflict) " +
      "and returns what to show the person and the WebAuthn options to run on the phone.",
    security: ["none"],
    body: QrClaimRequestSchema,
    response: QrClaimResponseSchema,
    errors: ["conflict", "challenge_expired", "tenant_disabled", "user_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/qr/mobile/finish",
    summary:
      "The phone's WebAuthn result: verified like authenticate/finish or register/finish; the challenge " +
      "becomes completed, or failed (refused) / error (server failure).",
    security: ["phoneToken"],
    body: QrFinishRequestSchema,
    response: QrPhoneResultSchema,
    errors: [
      "unauthenticated",
      "challenge_expired",
      "verification_failed",
      "credential_not_found",
      "user_disabled",
      "conflict",
    ],
  },
  {
    method: "post",
    path: "/auth/v1/qr/mobile/abort",
    summary:
      "The phone gives up: cancelled (the person dismissed the prompt; the desktop shows a new QR) or failed.",
    security: ["phoneToken"],
    body: QrAbortRequestSchema,
    response: QrPhoneResultSchema,
    errors: ["unauthenticated", "challenge_expired"],
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
  registry.registerComponent("securitySchemes", "qrSecret", {
    type: "http",
    scheme: "bearer",
    description: "The `secret` qr/start returned.",
  });
  registry.registerComponent("securitySchemes", "phoneToken", {
    type: "http",
    scheme: "bearer",
    description: "The `token` qr/mobile/claim returned.",
  });
  registry.registerComponent("securitySchemes", "cookie", {
    type: "apiKey",
    in: "cookie",
    name: "authkit_session",
  });
  registry.registerComponent("securitySchemes", "adminSession", {
    type: "apiKey",
    in: "cookie",
    name: "authkit_admin",
    description: "The admin dashboard's session cookie, set by POST /admin/session.",
  });
  const failure = { description: "Failure", content: { "application/json": { schema: AuthFailureSchema } } };
  for (const op of [...operations, ...adminOperations]) {
    const status = op.status ?? 200;
    registry.registerPath({
      method: op.method,
      path: op.path,
      summary: op.summary,
      security: op.security.map((name) => (name === "none" ? {} : { [name]: [] })),
      request: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { query: op.query } : {}),
        ...(op.headers ? { headers: op.headers } : {}),
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
          description: `Failure: ${[...op.errors, "bad_request", "rate_limited"].join(", ")}`,
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
