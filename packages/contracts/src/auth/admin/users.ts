// A tenant's users as administrators manage them: list and search, disable, delete, their sessions.
import { ListQuery, listOf } from "../../pagination.ts";
import { StorableText } from "../../text.ts";
import { z } from "../../zod.ts";
import { defineAuthOperations } from "../operations/spec.ts";
import { ExternalIdParams, TenantUserSchema } from "../schemas.ts";
import { api, Id, PathId, read, Timestamp, write } from "./common.ts";
import { TenantIdParams } from "./tenants.ts";

export const TenantUserParams = TenantIdParams.extend(ExternalIdParams.shape);
export const TenantUserSessionParams = TenantUserParams.extend({ session_id: PathId });

export const UsersQuery = ListQuery.extend({
  q: StorableText.trim()
    .max(255)
    .optional()
    .openapi({ description: "Part of the externalId or display name (case-insensitive)." }),
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** A user as the dashboard lists it: with their last sign-in and live sessions. */
export const AdminTenantUserSchema = TenantUserSchema.extend({
  lastSignInAt: Timestamp.nullable().openapi({ description: "Their last successful sign-in; null: never." }),
  sessionCount: z
    .number()
    .int()
    .openapi({ description: "Cookie sessions that are neither revoked nor expired." }),
}).openapi("AdminTenantUser");
export type AdminTenantUser = z.infer<typeof AdminTenantUserSchema>;

/** One of a user's live cookie sessions (the server never keeps the cookie itself). */
export const UserSessionSchema = z
  .object({ id: Id, created_at: Timestamp, expires_at: Timestamp })
  .openapi("UserSession");
export type UserSession = z.infer<typeof UserSessionSchema>;

/** How many sessions a "revoke all" ended. */
export const RevokedSessionsSchema = z.object({ revoked: z.number().int() }).openapi("RevokedSessions");
export type RevokedSessions = z.infer<typeof RevokedSessionsSchema>;

export const TenantUserListSchema = listOf(AdminTenantUserSchema).openapi("TenantUserList");
export const UserSessionListSchema = listOf(UserSessionSchema).openapi("UserSessionList");

export const adminUserOperations = defineAuthOperations([
  api({
    method: "get",
    path: "/tenants/{tenant_id}/users",
    operationId: "listTenantUsers",
    summary: "The tenant's users, oldest first; `q` searches externalId and display name.",
    params: TenantIdParams,
    query: UsersQuery,
    response: TenantUserListSchema,
    errors: [...read, "not_found"],
  }),
  ...(["disable", "enable"] as const).map((action) =>
    api({
      method: "post",
      path: `/tenants/{tenant_id}/users/{external_id}/${action}`,
      operationId: `${action}TenantUser`,
      summary:
        action === "disable"
          ? "Disable a user: passkeys kept, sessions revoked, sign-in answers user_disabled."
          : "Enable a disabled user.",
      params: TenantUserParams,
      response: TenantUserSchema,
      errors: [...write, "not_found"],
    }),
  ),
  api({
    method: "delete",
    path: "/tenants/{tenant_id}/users/{external_id}",
    operationId: "deleteTenantUser",
    summary:
      "Delete a user with their passkeys and sessions (user.deleted is sent to the tenant's webhooks). Their " +
      "audit events stay, with their externalId in the user_deleted event.",
    params: TenantUserParams,
    status: 204,
    errors: [...write, "not_found"],
  }),
  api({
    method: "get",
    path: "/tenants/{tenant_id}/users/{external_id}/sessions",
    operationId: "listTenantUserSessions",
    summary: "A user's live cookie sessions (neither revoked nor expired), newest first.",
    params: TenantUserParams,
    response: UserSessionListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "delete",
    path: "/tenants/{tenant_id}/users/{external_id}/sessions",
    operationId: "revokeTenantUserSessions",
    summary:
      "End every live session of a user (signed-out on their next request); answers how many. Session tokens " +
      "(JWTs) already issued stay valid until they expire (15 minutes at most).",
    params: TenantUserParams,
    response: RevokedSessionsSchema,
    errors: [...write, "not_found"],
  }),
  api({
    method: "delete",
    path: "/tenants/{tenant_id}/users/{external_id}/sessions/{session_id}",
    operationId: "revokeTenantUserSession",
    summary: "End one of a user's sessions; one already ended or expired is not_found.",
    params: TenantUserSessionParams,
    status: 204,
    errors: [...write, "not_found"],
  }),
]);
