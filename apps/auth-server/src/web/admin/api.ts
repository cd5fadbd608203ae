// The dashboard's client of /admin/api, on the web kit's fetch client: the session's CSRF token on
// every change, the auth server's error envelope turned into ApiError, a 401 back to sign-in.
import { ApiError, createApiClient, queryString, type ErrorDetail } from "@org/web-kit/api-client";
import type {
  Admin,
  AdminInvite,
  AdminPasskey,
  AuditEvent,
  AuditEventType,
  CreateTenantRequest,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegisterStartResponse,
  RegistrationAttachment,
  TenantUser,
  TenantView,
  TenantWithKey,
  UpdateTenantRequest,
} from "@org/contracts";

export { ApiError, errorMessage } from "@org/web-kit/api-client";
export type {
  Admin,
  AdminInvite,
  AdminPasskey,
  AuditEvent,
  AuditEventType,
  ListPage,
  OwnPasskey,
  QrLogin,
  RegistrationAttachment,
  TenantUser,
  TenantView,
};

/** The auth server's error envelope: `{ error_code, error, details? }`. */
interface AuthErrorBody {
  error_code?: string;
  error?: string;
  details?: ErrorDetail[];
}

let csrfToken: Promise<string> | undefined;

const call = createApiClient({
  base: "/admin/api",
  headers: { Accept: "application/json" },
  csrfToken: () => csrf(),
  // The session ended (idle, expired, revoked): back to the sign-in page.
  onUnauthorized: () => location.assign("/?signed-out=expired"),
  readError(status, body) {
    if (status === 401) return new ApiError(401, "unauthenticated", "Your session ended. Sign in again.");
    const data = body as AuthErrorBody | undefined;
    return new ApiError(
      status,
      data?.error_code ?? "server_error",
      data?.error ?? `The server answered ${status}.`,
      data?.details ?? [],
    );
  },
  unreachable: () =>
    new ApiError(0, "server_unreachable", "Can't reach the server. Check your connection and try again."),
});

function csrf(): Promise<string> {
  csrfToken ??= call<{ token: string }>("GET", "/csrf").then(
    ({ token }) => token,
    (error: unknown) => {
      csrfToken = undefined;
      throw error;
    },
  );
  return csrfToken;
}

const query = queryString;
const seg = encodeURIComponent;

export interface AuditFilter {
  tenant_id?: string;
  type?: AuditEventType;
  from?: string;
  to?: string;
}

export const api = {
  tenants: {
    list: (cursor?: string, limit = 50) =>
      call<ListPage<TenantView>>("GET", `/tenants${query({ cursor, limit })}`),
    create: (body: CreateTenantRequest) => call<TenantWithKey>("POST", "/tenants", body),
    get: (id: string) => call<TenantView>("GET", `/tenants/${seg(id)}`),
    update: (id: string, body: UpdateTenantRequest) => call<TenantView>("PATCH", `/tenants/${seg(id)}`, body),
    setDisabled: (id: string, disabled: boolean) =>
      call<TenantView>("POST", `/tenants/${seg(id)}/${disabled ? "disable" : "enable"}`),
    rotateKey: (id: string) => call<TenantWithKey>("POST", `/tenants/${seg(id)}/rotate-key`),
  },
  users: {
    list: (tenantId: string, q?: string, cursor?: string) =>
      call<ListPage<TenantUser>>("GET", `/tenants/${seg(tenantId)}/users${query({ q, cursor, limit: 25 })}`),
    setDisabled: (tenantId: string, externalId: string, disabled: boolean) =>
      call<TenantUser>(
        "POST",
        `/tenants/${seg(tenantId)}/users/${seg(externalId)}/${disabled ? "disable" : "enable"}`,
      ),
    passkeys: (tenantId: string, externalId: string) =>
      call<ListPage<AdminPasskey>>("GET", `/tenants/${seg(tenantId)}/users/${seg(externalId)}/passkeys`),
  },
  passkeys: {
    delete: (id: string) => call<void>("DELETE", `/passkeys/${seg(id)}`),
  },
  audit: {
    list: (filter: AuditFilter, cursor?: string) =>
      call<ListPage<AuditEvent>>("GET", `/audit${query({ ...filter, cursor, limit: 50 })}`),
  },
  admins: {
    list: (cursor?: string) => call<ListPage<Admin>>("GET", `/admins${query({ cursor })}`),
    invite: (email: string, name: string) => call<AdminInvite>("POST", "/admins", { email, name }),
    remove: (id: string) => call<void>("DELETE", `/admins/${seg(id)}`),
  },
  /** The signed-in administrator's own passkeys. */
  me: {
    passkeys: () => call<ListPage<OwnPasskey>>("GET", "/me/passkeys"),
    startPasskey: (name?: string) =>
      call<RegisterStartResponse>("POST", "/me/passkeys/register/start", name ? { name } : {}),
    finishPasskey: (body: { challengeId: string; credential: unknown }) =>
      call<OwnPasskey>("POST", "/me/passkeys/register/finish", body),
    removePasskey: (id: string) => call<void>("DELETE", `/me/passkeys/${seg(id)}`),
  },
  /** Ends the session server-side; the caller then leaves the dashboard. */
  async signOut(): Promise<void> {
    const response = await fetch("/admin/logout", {
      method: "POST",
      headers: { "X-CSRF-Token": await csrf() },
      credentials: "same-origin",
    });
    if (!response.ok && response.status !== 401) throw new ApiError(0, "server_error", "Signing out failed.");
  },
};
