// The dashboard's client of /admin/api, on the web kit's fetch client: the session's CSRF token on
// every change, the auth server's error envelope turned into ApiError, a 401 back to sign-in.
import {
  ApiError,
  createApiClient,
  errorMessage as serverMessage,
  methodCalls,
  pathSegment,
  queryString,
  type ErrorDetail,
} from "@org/web-kit/api-client";
import type { AdminApiPaths } from "@org/web-kit/registry-paths";
import type {
  Admin,
  AdminInvite,
  AdminPasskey,
  AdminTenantUser,
  AuditEvent,
  AuditEventType,
  AuthenticateStartResponse,
  CreatedTenantWebhook,
  CreateTenantRequest,
  CreateTenantWebhookRequest,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegisterStartResponse,
  RegistrationAttachment,
  TenantEventType,
  TenantUser,
  TenantView,
  TenantWebhook,
  TenantWebhookDelivery,
  TenantWithKey,
  UpdateTenantRequest,
  UserSession,
} from "@org/contracts";

import { format, t } from "./i18n.ts";

export { ApiError } from "@org/web-kit/api-client";
export type {
  Admin,
  AdminInvite,
  AdminPasskey,
  AdminTenantUser,
  AuditEvent,
  AuditEventType,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegistrationAttachment,
  TenantEventType,
  TenantUser,
  TenantView,
  TenantWebhook,
  TenantWebhookDelivery,
  UserSession,
};

/** The auth server's error envelope: `{ error_code, error, details? }`. */
interface AuthErrorBody {
  error_code?: string;
  error?: string;
  details?: ErrorDetail[];
}

let csrfToken: Promise<string> | undefined;

/** Calls of /admin/api: only paths the admin operations in @org/contracts have for the method compile. */
const call = methodCalls<AdminApiPaths>(
  createApiClient({
    base: "/admin/api",
    headers: { Accept: "application/json" },
    csrfToken: () => csrf(),
    // The session ended (idle, expired, revoked): back to the sign-in page.
    onUnauthorized: () => location.assign("/?signed-out=expired"),
    readError(status, body) {
      if (status === 401) return new ApiError(401, "unauthenticated", t.common.sessionEnded);
      const data = body as AuthErrorBody | undefined;
      return new ApiError(
        status,
        data?.error_code ?? "server_error",
        data?.error ?? format(t.common.serverAnswered, { status }),
        data?.details ?? [],
      );
    },
    unreachable: () => new ApiError(0, "server_unreachable", t.common.unreachable),
  }),
);

/**
 * A message for the person: the server's (English by contract), with the fields it names; the
 * dashboard's own words for anything else.
 */
export const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? serverMessage(error) : t.common.somethingWentWrong;

function csrf(): Promise<string> {
  csrfToken ??= call.get<{ token: string }>("/csrf").then(
    ({ token }) => token,
    (error: unknown) => {
      csrfToken = undefined;
      throw error;
    },
  );
  return csrfToken;
}

const query = queryString;
/** Ids in paths: encoded, and "." or ".." refused (they would reach another route). */
const seg = pathSegment;

export interface AuditFilter {
  tenant_id?: string;
  type?: AuditEventType;
  user_id?: string;
  admin_id?: string;
  from?: string;
  to?: string;
}

export const api = {
  tenants: {
    list: (cursor?: string, limit = 50) =>
      call.get<ListPage<TenantView>>(`/tenants${query({ cursor, limit })}`),
    create: (body: CreateTenantRequest) => call.post<TenantWithKey>("/tenants", body),
    get: async (id: string) => call.get<TenantView>(`/tenants/${seg(id)}`),
    update: async (id: string, body: UpdateTenantRequest) =>
      call.patch<TenantView>(`/tenants/${seg(id)}`, body),
    setDisabled: async (id: string, disabled: boolean) =>
      call.post<TenantView>(`/tenants/${seg(id)}/${disabled ? "disable" : "enable"}`),
    rotateKey: async (id: string) => call.post<TenantWithKey>(`/tenants/${seg(id)}/rotate-key`),
  },
  users: {
    list: async (tenantId: string, q?: string, cursor?: string) =>
      call.get<ListPage<AdminTenantUser>>(
        `/tenants/${seg(tenantId)}/users${query({ q, cursor, limit: 25 })}`,
      ),
    delete: async (tenantId: string, externalId: string) =>
      call.delete(`/tenants/${seg(tenantId)}/users/${seg(externalId)}`),
    sessions: async (tenantId: string, externalId: string) =>
      call.get<ListPage<UserSession>>(`/tenants/${seg(tenantId)}/users/${seg(externalId)}/sessions`),
    /** Ends one session (`sessionId`) or all of them; answers how many ended. */
    endSessions: async (tenantId: string, externalId: string, sessionId?: string): Promise<number> => {
      const path = `/tenants/${seg(tenantId)}/users/${seg(externalId)}/sessions` as const;
      if (sessionId === undefined) return (await call.delete<{ revoked: number }>(path)).revoked;
      await call.delete(`${path}/${seg(sessionId)}`);
      return 1;
    },
    setDisabled: async (tenantId: string, externalId: string, disabled: boolean) =>
      call.post<TenantUser>(
        `/tenants/${seg(tenantId)}/users/${seg(externalId)}/${disabled ? "disable" : "enable"}`,
      ),
    passkeys: async (tenantId: string, externalId: string) =>
      call.get<ListPage<AdminPasskey>>(`/tenants/${seg(tenantId)}/users/${seg(externalId)}/passkeys`),
  },
  passkeys: {
    delete: async (id: string) => call.delete(`/passkeys/${seg(id)}`),
  },
  /** A tenant's webhook endpoints and their delivery logs. */
  webhooks: {
    list: async (tenantId: string, cursor?: string) =>
      call.get<ListPage<TenantWebhook>>(`/tenants/${seg(tenantId)}/webhooks${query({ cursor, limit: 25 })}`),
    /** The answer holds the endpoint's signing secret, the only time it is shown. */
    add: async (tenantId: string, body: CreateTenantWebhookRequest) =>
      call.post<CreatedTenantWebhook>(`/tenants/${seg(tenantId)}/webhooks`, body),
    remove: async (id: string) => call.delete(`/webhooks/${seg(id)}`),
    deliveries: async (id: string, cursor?: string) =>
      call.get<ListPage<TenantWebhookDelivery>>(
        `/webhooks/${seg(id)}/deliveries${query({ cursor, limit: 25 })}`,
      ),
    replay: async (deliveryId: string) =>
      call.post<TenantWebhookDelivery>(`/deliveries/${seg(deliveryId)}/replay`),
  },
  audit: {
    list: (filter: AuditFilter, cursor?: string) =>
      call.get<ListPage<AuditEvent>>(`/audit${query({ ...filter, cursor, limit: 50 })}`),
    /** The CSV export of `filter` (a download link: the session cookie goes with it). */
    exportUrl: (filter: AuditFilter) => `/admin/api/audit/export${query({ ...filter })}`,
  },
  admins: {
    list: (cursor?: string) => call.get<ListPage<Admin>>(`/admins${query({ cursor })}`),
    invite: (email: string, name: string) => call.post<AdminInvite>("/admins", { email, name }),
    remove: async (id: string) => call.delete(`/admins/${seg(id)}`),
  },
  /** The signed-in administrator's own passkeys. */
  me: {
    passkeys: () => call.get<ListPage<OwnPasskey>>("/me/passkeys"),
    startPasskey: (name?: string) =>
      call.post<RegisterStartResponse>("/me/passkeys/register/start", name ? { name } : {}),
    finishPasskey: (body: { challengeId: string; credential: unknown }) =>
      call.post<OwnPasskey>("/me/passkeys/register/finish", body),
    removePasskey: async (id: string) => call.delete(`/me/passkeys/${seg(id)}`),
    /** Step-up (a passkey used in the last 5 minutes before adding or removing one). */
    startStepUp: () => call.post<AuthenticateStartResponse>("/me/step-up/start", {}),
    finishStepUp: (body: { challengeId: string; credential: unknown }) =>
      call.post<{ stepped_up_until: string }>("/me/step-up/finish", body),
  },
  /** Ends the session server-side; the caller then leaves the dashboard. */
  async signOut(): Promise<void> {
    const response = await fetch("/admin/logout", {
      method: "POST",
      headers: { "X-CSRF-Token": await csrf() },
      credentials: "same-origin",
    });
    if (!response.ok && response.status !== 401) throw new ApiError(0, "server_error", t.app.signOutFailed);
  },
};
