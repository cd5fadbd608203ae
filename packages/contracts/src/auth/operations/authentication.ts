// Signing in (a passkey or a password) with a session token, the token's check, and signing out.
import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartRequestSchema,
  AuthenticateStartResponseSchema,
  LoginSuccessSchema,
  PasswordLoginRequestSchema,
} from "../schemas/authentication.ts";
import { SessionTokenCheckSchema } from "../schemas/tokens.ts";
import { defineAuthOperations } from "./spec.ts";

export const authenticationOperations = defineAuthOperations([
  {
    method: "post",
    path: "/auth/v1/authenticate/start",
    operationId: "startAuthentication",
    summary: "Start a discoverable-credential login (empty allowCredentials, user verification required).",
    security: ["sessionToken"],
    // Every field is optional: a request without a body is an empty one.
    body: AuthenticateStartRequestSchema.default({}),
    response: AuthenticateStartResponseSchema,
    noStore: true,
    errors: ["unauthenticated", "token_expired", "configuration_error", "tenant_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/authenticate/finish",
    operationId: "finishAuthentication",
    summary: "Verify the assertion; sets the session cookie.",
    security: ["sessionToken"],
    body: AuthenticateFinishRequestSchema,
    response: LoginSuccessSchema,
    noStore: true,
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
    operationId: "passwordLogin",
    summary:
      "Username and password login; unknown user and wrong password answer alike, a disabled user " +
      "user_disabled whatever the password. Failures are limited per account and client IP. Forbidden " +
      "when the tenant's password_login is off.",
    security: ["sessionToken"],
    body: PasswordLoginRequestSchema,
    response: LoginSuccessSchema,
    noStore: true,
    errors: [
      "invalid_credentials",
      "forbidden",
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
    operationId: "getSessionToken",
    summary:
      "Check the session token a page holds, from that page: its expiry, or why it cannot sign in " +
      "(token_expired: fetch a fresh one; unauthenticated: not a token of this server; " +
      "configuration_error: the page's origin is not one of the tenant's, named in the message; " +
      "tenant_disabled). The SDK's sign-in component calls it when it mounts.",
    security: ["sessionToken"],
    response: SessionTokenCheckSchema,
    noStore: true,
    errors: ["unauthenticated", "token_expired", "configuration_error", "tenant_disabled"],
  },
  {
    method: "post",
    path: "/auth/v1/logout",
    operationId: "logout",
    summary:
      "Revoke the session of the cookie, if any, and clear the cookie: 204 with or without one (idempotent). " +
      "With a cookie, only from the auth server's own pages.",
    security: ["cookie", "none"],
    status: 204,
    errors: ["forbidden"],
  },
]);
