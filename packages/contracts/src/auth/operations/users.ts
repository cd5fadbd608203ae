// The tenant server's users API (X-API-KEY), a user's passkeys included.
import { z } from "../../zod.ts";
import { PasskeyInfoSchema, RenamePasskeyRequestSchema, UserPasskeyParams } from "../schemas/passkeys.ts";
import { ExternalIdParams, TenantUserSchema, UpsertUserRequestSchema } from "../schemas/users.ts";
import { defineAuthOperations } from "./spec.ts";

export const userOperations = defineAuthOperations([
  {
    method: "post",
    path: "/api/v1/users",
    operationId: "createUser",
    summary: "Create or update a user (password hashed with Argon2id).",
    security: ["apiKey"],
    body: UpsertUserRequestSchema,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "conflict"],
  },
  {
    method: "get",
    path: "/api/v1/users/{external_id}",
    operationId: "getUser",
    summary: "Read a user.",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "delete",
    path: "/api/v1/users/{external_id}",
    operationId: "deleteUser",
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
    operationId: "disableUser",
    summary: "Disable a user: passkeys are kept, sign-in and registration answer user_disabled.",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "post",
    path: "/api/v1/users/{external_id}/enable",
    operationId: "enableUser",
    summary: "Re-enable a disabled user.",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: TenantUserSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "get",
    path: "/api/v1/users/{external_id}/passkeys",
    operationId: "listUserPasskeys",
    summary:
      "A user's passkeys, oldest first: what the tenant's own account page lists (the cookie routes " +
      "serve only the auth server's own pages).",
    security: ["apiKey"],
    params: ExternalIdParams,
    response: z.array(PasskeyInfoSchema),
    noStore: true,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "patch",
    path: "/api/v1/users/{external_id}/passkeys/{passkey_id}",
    operationId: "renameUserPasskey",
    summary:
      "Rename one of the user's passkeys (what the tenant's own account page offers); another user's is not_found.",
    security: ["apiKey"],
    params: UserPasskeyParams,
    body: RenamePasskeyRequestSchema,
    response: PasskeyInfoSchema,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
  {
    method: "delete",
    path: "/api/v1/users/{external_id}/passkeys/{passkey_id}",
    operationId: "deleteUserPasskey",
    summary: "Delete one of the user's passkeys (audited as passkey_deleted); another user's is not_found.",
    security: ["apiKey"],
    params: UserPasskeyParams,
    status: 204,
    errors: ["unauthenticated", "tenant_disabled", "not_found"],
  },
]);
