// The admin dashboard's endpoints in the auth server's OpenAPI document.
import { ListQuery } from "../pagination.ts";
import { z } from "../zod.ts";
import {
  AddOwnPasskeyStartRequestSchema,
  AdminIdParams,
  AdminInviteSchema,
  AdminListSchema,
  AdminPasskeyListSchema,
  AdminPasskeyParams,
  AdminSessionRequestSchema,
  AdminSessionResponseSchema,
  AuditEventListSchema,
  AuditFilterQuery,
  AuditQuery,
  CreateTenantRequestSchema,
  CsrfTokenResponseSchema,
  InviteAdminRequestSchema,
  InviteCodeQuery,
  InviteUserTokenResponseSchema,
  OwnPasskeyListSchema,
  OwnPasskeySchema,
  TenantIdParams,
  TenantListSchema,
  TenantUserListSchema,
  TenantUserParams,
  TenantUserSessionParams,
  TenantViewSchema,
  RevokedSessionsSchema,
  UserSessionListSchema,
  TenantWithKeySchema,
  UpdateTenantRequestSchema,
  UsersQuery,
} from "./admin.ts";
import {
  CreatedTenantWebhookSchema,
  CreateTenantWebhookRequestSchema,
  TenantWebhookDeliveryListSchema,
  TenantWebhookDeliveryParams,
  TenantWebhookDeliverySchema,
  TenantWebhookListSchema,
  TenantWebhookParams,
} from "./webhooks.ts";
import { defineAuthOperations, type AuthOperation, type Security } from "./operations/spec.ts";
import {
  AuthenticateFinishRequestSchema,
  AuthenticateStartResponseSchema,
  RegisterFinishRequestSchema,
  RegisterStartResponseSchema,
  StepUpResponseSchema,
  TenantUserSchema,
} from "./schemas.ts";

/** Every state change under /admin needs the session's CSRF token (GET /admin/api/csrf). */
const Csrf = z.object({
  "x-csrf-token": z
    .string()
    .openapi({ description: "The session's CSRF token; without it: forbidden (403)." }),
});
const read = ["unauthenticated"];
const write = ["unauthenticated", "forbidden"];

/** An operation of /admin/api, its path (relative to /admin/api) kept literal under the prefix. */
type AdminApiOperation<Op extends Omit<AuthOperation, "security">> = Omit<Op, "path"> & {
  path: `/admin/api${Op["path"]}`;
  security: readonly Security[];
  headers?: typeof Csrf;
};

function api<const Op extends Omit<AuthOperation, "security">>(op: Op): AdminApiOperation<Op> {
  return {
    ...op,
    path: `/admin/api${op.path}` as const,
    security: ["adminSession"],
    ...(op.method === "get" ? {} : { headers: Csrf }),
  };
}

export const adminOperations = defineAuthOperations([
  {
    method: "post",
    path: "/admin/session",
    operationId: "adminSignIn",
    summary:
      "Start a dashboard session from a passkey login of the admin tenant (completed in the last 5 minutes, " +
      "single use) by an administrator; sets the authkit_admin cookie (HttpOnly, SameSite=Strict, idle 30 min, " +
      "absolute 12 h).",
    security: [],
    body: AdminSessionRequestSchema,
    response: AdminSessionResponseSchema,
    errors: ["not_found", "forbidden"],
  },
  {
    method: "post",
    path: "/admin/logout",
    operationId: "adminLogout",
    summary: "End the dashboard session (revoked server-side) and clear its cookie.",
    security: ["adminSession"],
    headers: Csrf,
    status: 204,
    errors: ["forbidden"],
  },
  {
    method: "get",
    path: "/admin/invite/user-token",
    operationId: "getInviteUserToken",
    summary:
      "The invite page's assertion-url: spends the one-time invite (the same browser may retry for 10 minutes) " +
      "and answers a user token to register the administrator's passkey.",
    security: [],
    query: InviteCodeQuery,
    response: InviteUserTokenResponseSchema,
    errors: ["not_found"],
  },
  api({
    method: "get",
    path: "/csrf",
    operationId: "getCsrfToken",
    summary: "The session's CSRF token, to send as X-CSRF-Token.",
    response: CsrfTokenResponseSchema,
    errors: read,
  }),
  api({
    method: "get",
    path: "/tenants",
    operationId: "listTenants",
    summary: "Tenants, oldest first (the built-in admin tenant is not listed).",
    query: ListQuery,
    response: TenantListSchema,
    errors: read,
  }),
  api({
    method: "post",
    path: "/tenants",
    operationId: "createTenant",
    summary: "Create a tenant; the API key is in this response only.",
    body: CreateTenantRequestSchema,
    status: 201,
    response: TenantWithKeySchema,
    errors: write,
  }),
  api({
    method: "get",
    path: "/tenants/{tenant_id}",
    operationId: "getTenant",
    summary: "A tenant.",
    params: TenantIdParams,
    response: TenantViewSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "patch",
    path: "/tenants/{tenant_id}",
    operationId: "updateTenant",
    summary: "Rename a tenant, replace its allowed origins, or set its registration_attachment.",
    params: TenantIdParams,
    body: UpdateTenantRequestSchema,
    response: TenantViewSchema,
    errors: [...write, "not_found"],
  }),
  ...(["disable", "enable"] as const).map((action) =>
    api({
      method: "post",
      path: `/tenants/{tenant_id}/${action}`,
      operationId: `${action}Tenant`,
      summary:
        action === "disable"
          ? "Disable a tenant: its API key and tokens answer tenant_disabled."
          : "Enable a disabled tenant.",
      params: TenantIdParams,
      response: TenantViewSchema,
      errors: [...write, "not_found"],
    }),
  ),
  api({
    method: "post",
    path: "/tenants/{tenant_id}/rotate-key",
    operationId: "rotateTenantKey",
    summary: "Issue a new API key (in this response only); the old one stops working at once.",
    params: TenantIdParams,
    response: TenantWithKeySchema,
    errors: [...write, "not_found"],
  }),
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
  api({
    method: "get",
    path: "/tenants/{tenant_id}/users/{external_id}/passkeys",
    operationId: "listTenantUserPasskeys",
    summary: "A user's passkeys, oldest first, with their authenticator names.",
    params: TenantUserParams,
    response: AdminPasskeyListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "delete",
    path: "/passkeys/{passkey_id}",
    operationId: "deleteTenantUserPasskey",
    summary: "Delete a passkey of any tenant's user.",
    params: AdminPasskeyParams,
    status: 204,
    errors: [...write, "not_found"],
  }),
  api({
    method: "get",
    path: "/me/passkeys",
    operationId: "listOwnPasskeys",
    summary:
      "The signed-in administrator's own passkeys, oldest first: name, authenticator, created, last used, created_via.",
    response: OwnPasskeyListSchema,
    errors: read,
  }),
  api({
    method: "post",
    path: "/me/step-up/start",
    operationId: "startOwnStepUp",
    summary:
      "Start a step-up: WebAuthn request options (a login challenge of the admin tenant, 5 minutes). Adding or " +
      "removing a passkey needs a passkey used in the last 5 minutes (the sign-in counts).",
    response: AuthenticateStartResponseSchema,
    errors: write,
  }),
  api({
    method: "post",
    path: "/me/step-up/finish",
    operationId: "finishOwnStepUp",
    summary:
      "Finish a step-up with one of the administrator's own passkeys (another account's: forbidden); the " +
      "session may then add or remove passkeys for 5 minutes, on every instance.",
    body: AuthenticateFinishRequestSchema,
    response: StepUpResponseSchema,
    errors: [...write, "verification_failed", "challenge_expired", "credential_not_found"],
  }),
  api({
    method: "post",
    path: "/me/passkeys/register/start",
    operationId: "startOwnPasskeyRegistration",
    summary:
      "Start adding a passkey to the signed-in administrator's own account (the only way to add one after the " +
      "first): WebAuthn creation options, challenge bound to this administrator, 5 minutes. Needs a passkey " +
      "used in the last 5 minutes (step_up_required otherwise: POST /admin/api/me/step-up/start).",
    body: AddOwnPasskeyStartRequestSchema,
    response: RegisterStartResponseSchema,
    errors: [...write, "step_up_required"],
  }),
  api({
    method: "post",
    path: "/me/passkeys/register/finish",
    operationId: "finishOwnPasskeyRegistration",
    summary: "Store the new passkey (created_via: dashboard), audited under the administrator.",
    body: RegisterFinishRequestSchema,
    status: 201,
    response: OwnPasskeySchema,
    errors: [...write, "verification_failed", "challenge_expired", "conflict"],
  }),
  api({
    method: "delete",
    path: "/me/passkeys/{passkey_id}",
    operationId: "deleteOwnPasskey",
    summary:
      "Remove one of the administrator's own passkeys; the last one is a conflict (409). Needs a passkey used " +
      "in the last 5 minutes (step_up_required otherwise).",
    params: AdminPasskeyParams,
    status: 204,
    errors: [...write, "not_found", "conflict", "step_up_required"],
  }),
  api({
    method: "get",
    path: "/audit",
    operationId: "listAuditEvents",
    summary:
      "The audit log, newest first, filtered by tenant, event type, user, administrator and time range.",
    query: AuditQuery,
    response: AuditEventListSchema,
    errors: read,
  }),
  api({
    method: "get",
    path: "/audit/export",
    operationId: "exportAuditEvents",
    summary:
      "The audit log as CSV (text/csv, an attachment), newest first, with the filters of listAuditEvents: " +
      "one row per event, columns created_at, type, tenant_id, tenant_name, user_id, user_external_id, " +
      "admin_id, admin_name, ip, detail (JSON). At most 100,000 rows.",
    query: AuditFilterQuery,
    responseType: "text/csv",
    errors: read,
  }),
  api({
    method: "get",
    path: "/admins",
    operationId: "listAdmins",
    summary: "Administrators (invited and active), oldest first.",
    query: ListQuery,
    response: AdminListSchema,
    errors: read,
  }),
  api({
    method: "post",
    path: "/admins",
    operationId: "inviteAdmin",
    summary:
      "Invite a new administrator: a link (24 h, single use) that makes their first passkey. An active " +
      "administrator's address is a conflict: they add passkeys from their own session (/me/passkeys). A pending " +
      "invitation is replaced only by its issuer or the root administrator (forbidden otherwise).",
    body: InviteAdminRequestSchema,
    status: 201,
    response: AdminInviteSchema,
    errors: [...write, "conflict"],
  }),
  api({
    method: "delete",
    path: "/admins/{admin_id}",
    operationId: "removeAdmin",
    summary:
      "Remove an administrator, at once on every instance: sessions revoked, passkeys, pending invites and " +
      "the invite links they issued deleted; passkeys made through those links are flagged. A pending administrator " +
      "is removed only by their invitation's issuer or the root administrator (forbidden otherwise).",
    params: AdminIdParams,
    status: 204,
    errors: [...write, "not_found", "conflict"],
  }),
  api({
    method: "get",
    path: "/tenants/{tenant_id}/webhooks",
    operationId: "listTenantWebhooks",
    summary: "The tenant's webhook endpoints, oldest first (never their secrets).",
    params: TenantIdParams,
    query: ListQuery,
    response: TenantWebhookListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "post",
    path: "/tenants/{tenant_id}/webhooks",
    operationId: "addTenantWebhook",
    summary:
      "Add a webhook endpoint: the tenant's events (user.created, user.deleted, passkey.added, passkey.removed, " +
      "login.succeeded, login.failed; `events` limits them) are POSTed to it with Standard Webhooks headers. The " +
      "signing secret is in this answer only.",
    params: TenantIdParams,
    body: CreateTenantWebhookRequestSchema,
    status: 201,
    response: CreatedTenantWebhookSchema,
    errors: [...write, "not_found", "validation_error"],
  }),
  api({
    method: "delete",
    path: "/webhooks/{webhook_id}",
    operationId: "removeTenantWebhook",
    summary: "Remove a webhook endpoint and its delivery log.",
    params: TenantWebhookParams,
    status: 204,
    errors: [...write, "not_found"],
  }),
  api({
    method: "get",
    path: "/webhooks/{webhook_id}/deliveries",
    operationId: "listTenantWebhookDeliveries",
    summary: "An endpoint's delivery log, newest first, with every attempt.",
    params: TenantWebhookParams,
    query: ListQuery,
    response: TenantWebhookDeliveryListSchema,
    errors: [...read, "not_found"],
  }),
  api({
    method: "post",
    path: "/deliveries/{delivery_id}/replay",
    operationId: "replayTenantWebhookDelivery",
    summary:
      "Send a delivery again now, with a fresh retry schedule (the same webhook-id: receivers dedupe on it).",
    params: TenantWebhookDeliveryParams,
    response: TenantWebhookDeliverySchema,
    errors: [...write, "not_found", "conflict"],
  }),
]);

/** The admin dashboard's operations, each with its literal method and path. */
export type AuthAdminOperations = typeof adminOperations;
